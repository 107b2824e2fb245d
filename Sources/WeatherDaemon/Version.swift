/// weatherd's version, as `--version`, the state file and the `User-Agent` show it.
public enum WeatherdVersion {
    /// The version string.
    public static let current = "0.1.0"
}
