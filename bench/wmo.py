"""The WMO code table of docs/conditions.md (code -> condition, category, description), for the baselines."""

CATEGORY = {
    "clear": "clear",
    "mainly_clear": "partly_cloudy",
    "partly_cloudy": "partly_cloudy",
    "overcast": "partly_cloudy",
    "fog": "fog",
    "rime_fog": "fog",
    "drizzle": "rain",
    "freezing_drizzle": "rain",
    "rain": "rain",
    "freezing_rain": "rain",
    "rain_showers": "rain",
    "sleet": "snow",
    "sleet_showers": "snow",
    "snow": "snow",
    "snow_grains": "snow",
    "snow_showers": "snow",
    "thunderstorm": "thunderstorm",
    "thunderstorm_hail": "thunderstorm",
}

CODES = {
    0: ("clear", "Clear sky"),
    1: ("mainly_clear", "Mainly clear"),
    2: ("partly_cloudy", "Partly cloudy"),
    3: ("overcast", "Overcast"),
    45: ("fog", "Fog"),
    48: ("rime_fog", "Depositing rime fog"),
    51: ("drizzle", "Light drizzle"),
    53: ("drizzle", "Moderate drizzle"),
    55: ("drizzle", "Dense drizzle"),
    56: ("freezing_drizzle", "Light freezing drizzle"),
    57: ("freezing_drizzle", "Dense freezing drizzle"),
    61: ("rain", "Slight rain"),
    63: ("rain", "Moderate rain"),
    65: ("rain", "Heavy rain"),
    66: ("freezing_rain", "Light freezing rain"),
    67: ("freezing_rain", "Heavy freezing rain"),
    68: ("sleet", "Light sleet"),
    69: ("sleet", "Moderate or heavy sleet"),
    71: ("snow", "Slight snow fall"),
    73: ("snow", "Moderate snow fall"),
    75: ("snow", "Heavy snow fall"),
    77: ("snow_grains", "Snow grains"),
    80: ("rain_showers", "Slight rain showers"),
    81: ("rain_showers", "Moderate rain showers"),
    82: ("rain_showers", "Violent rain showers"),
    83: ("sleet_showers", "Light sleet showers"),
    84: ("sleet_showers", "Moderate or heavy sleet showers"),
    85: ("snow_showers", "Slight snow showers"),
    86: ("snow_showers", "Heavy snow showers"),
    95: ("thunderstorm", "Thunderstorm"),
    96: ("thunderstorm_hail", "Thunderstorm with slight hail"),
    99: ("thunderstorm_hail", "Thunderstorm with heavy hail"),
}


def lookup(code):
    """(condition, category, description) of a numeric code."""
    if code in CODES:
        condition, description = CODES[code]
        return condition, CATEGORY[condition], description
    return "unknown", "unknown", f"Unknown weather code {code}"


def jq_program(location_id="berlin", name="Berlin", latitude=52.52, longitude=13.41):
    """A jq filter turning one forecast body into a one-location state file like weatherd's."""
    table = ",".join(
        f'"{code}":["{cond}","{CATEGORY[cond]}","{desc}"]' for code, (cond, desc) in sorted(CODES.items())
    )
    return f"""{{{table}}} as $wmo
| (now | floor | todate) as $now
| .current as $c
| ($wmo[($c.weather_code | floor | tostring)] // ["unknown", "unknown", "Unknown weather code \\($c.weather_code)"]) as $m
| {{
  schema_version: 1,
  generated_at: $now,
  current_location: "{location_id}",
  locations: [{{
    id: "{location_id}", name: "{name}", latitude: {latitude}, longitude: {longitude},
    status: "ok", fetched_at: $now,
    weather: {{
      observed_at: ($c.time | floor | todate),
      utc_offset_seconds: .utc_offset_seconds,
      temperature: $c.temperature_2m,
      apparent_temperature: $c.apparent_temperature,
      relative_humidity: $c.relative_humidity_2m,
      precipitation: $c.precipitation,
      cloud_cover: $c.cloud_cover,
      wind_speed: $c.wind_speed_10m,
      wind_direction: $c.wind_direction_10m,
      wind_gusts: $c.wind_gusts_10m,
      is_day: ($c.is_day == 1),
      wmo_code: ($c.weather_code | floor),
      condition: $m[0], category: $m[1], description: $m[2],
      units: {{temperature: .current_units.temperature_2m, wind_speed: "km/h", precipitation: .current_units.precipitation}}
    }},
    last_error: null
  }}]
}}
"""
