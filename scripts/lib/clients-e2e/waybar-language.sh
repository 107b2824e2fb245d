# shellcheck shell=bash disable=SC2034,SC2154 # sourced: its variables are set and used across files
# scripts/clients-e2e, Waybar in German and with the air: a module pinned on Oslo with `--language de`
# and a template with the air (`{aqi_level}`, `{uv:.1}`) — its JSON line, read beside the same line in
# English from one copy of the state file, has German words and decimal commas where the English one
# has English words and points, the same classes (machine words: `aqi-…` among them), and a tooltip
# with the air's line (`Luft: …`) and German weekdays; the bar shows the module, and with the pointer on
# it Waybar shows that German tooltip (CLIENTS_E2E_GERMAN_SCREENSHOT keeps it as PNG:
# docs/waybar-de.png was made so).

german_colour=2e8a5c
german_template='{name} {temperature:.1}{unit} · {aqi_level} · UV {uv:.1}'
# Its command (set by checks_waybar).
german_command=

# The line in German and in English, from one copy of the state file.
check_german_line() {
    local copy=$work/bar/state-language.json german english text english_text tooltip
    cp "$state" "$copy"
    german=$("$weatherd" status --state-file "$copy" --format waybar --location oslo --language de \
        --text "$german_template") || {
        reason="status --language de failed"
        return 1
    }
    english=$("$weatherd" status --state-file "$copy" --format waybar --location oslo --language en \
        --text "$german_template") || {
        reason="status --language en failed"
        return 1
    }
    text=$(jq -r .text <<<"$german")
    english_text=$(jq -r .text <<<"$english")
    tooltip=$(jq -r .tooltip <<<"$german")
    detail="'$text' (in English '$english_text')"
    # The numbers with a comma where English has its point; the level in German, not English.
    if ! [[ $text =~ ^Oslo\ -?[0-9]+,[0-9]\ ?°C\ ·\ ([^·]+)\ ·\ UV\ [0-9]+,[0-9]$ ]]; then
        reason="the German text is $detail"
        return 1
    fi
    local level=${BASH_REMATCH[1]} english_level
    [[ $english_text =~ ^Oslo\ -?[0-9]+\.[0-9]\ ?°C\ ·\ ([^·]+)\ ·\ UV\ [0-9]+\.[0-9]$ ]] &&
        english_level=${BASH_REMATCH[1]} && [ "$level" != "$english_level" ] &&
        [ "$(sed "s/$level/L/; s/,/./g" <<<"$text")" = "$(sed "s/$english_level/L/" <<<"$english_text")" ] || {
        reason="not the English text with German words and commas: $detail"
        return 1
    }
    [ "$(jq -c .class <<<"$german")" = "$(jq -c .class <<<"$english")" ] &&
        jq -e '.class | map(startswith("aqi-")) | any' <<<"$german" >/dev/null || {
        reason="classes $(jq -c .class <<<"$german") in German, $(jq -c .class <<<"$english") in English"
        return 1
    }
    [[ $tooltip == *$'\n  Luft: '* ]] && [[ $tooltip != *"air: "* ]] || {
        reason="no German air line in the tooltip: $tooltip"
        return 1
    }
    grep -Eq '^ *(<[^>]*>)?(Mo|Di|Mi|Do|Fr|Sa|So) ' <<<"$tooltip" || {
        reason="no day row with a German weekday in the tooltip: $tooltip"
        return 1
    }
    if grep -Eq '[0-9]\.[0-9]' <<<"$tooltip" || ! grep -Eq '[0-9],[0-9]' <<<"$tooltip"; then
        reason="a decimal point, or no decimal comma, in the tooltip: $tooltip"
        return 1
    fi
    detail="$detail; tooltip: $(sed -n 2,3p <<<"$tooltip" | tr '\n' ' ')"
}

# The English module on Oslo shows the air too: its class and its tooltip's air line.
check_air_line() {
    local line
    line=$("$weatherd" status --state-file "$state" --format waybar --location oslo) || {
        reason="status --format waybar failed"
        return 1
    }
    detail="class $(jq -c .class <<<"$line"); $(jq -r .tooltip <<<"$line" | grep -m1 'air: ')"
    jq -e '.class | map(startswith("aqi-")) | any' <<<"$line" >/dev/null &&
        jq -e '.tooltip | contains("\n  air: European AQI ")' <<<"$line" >/dev/null || {
        reason="$detail"
        return 1
    }
}

checks_waybar_language() {
    check "waybar: the air in the module's class and tooltip (air: European AQI …)" check_air_line
    check "waybar: --language de gives German words and decimal commas, the same classes, a German tooltip with the air" \
        check_german_line
    check_tooltip_kept "waybar: with the pointer on the German module, Waybar shows its German tooltip" \
        "$german_colour" "$german_command" "$german_screenshot_target" german.png
}
