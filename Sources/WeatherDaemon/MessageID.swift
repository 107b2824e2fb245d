/// The fixed journal `MESSAGE_ID`s of weatherd's events, documented in `systemd/weatherd.catalog`.
public enum MessageID {
    /// Weather shown for a location (PRIORITY 6).
    public static let weather = "1e8127529db14a988ec40952865c732b"
    /// A fetch failed (PRIORITY 4).
    public static let fetchFailed = "3b6d93b2dc85492286bca79bb6d401af"
    /// The daemon started (PRIORITY 5).
    public static let started = "95f04447dbe045d4918cff50aee98d17"
    /// The daemon is stopping (PRIORITY 5).
    public static let stopping = "e66c90bbd84c45c1bb73d19355857d68"
    /// The configuration was reloaded (PRIORITY 5).
    public static let reloaded = "ae7695b6347c44e99526b0f23932508f"
    /// Requests to the API paused after a 429 or 503 (PRIORITY 5).
    public static let backoffBegan = "7b6ab40b877d42fc83c31b871c998e46"
    /// Requests to the API resumed (PRIORITY 5).
    public static let backoffEnded = "741f0afe82fa4d54abd2f2826379035b"
    /// A new configuration was rejected on reload; the old one stays (PRIORITY 3).
    public static let reloadRejected = "882277ffb3b54add9c66eaa3feb475dd"
    /// A location shown without any weather yet, and why it is not fetched (PRIORITY 6).
    public static let noData = "eccd69ded4494c56bf3b0ab4ba0ed847"
    /// A quota window is full: no request until it resets (PRIORITY 5).
    public static let quotaFull = "8bacf83b198a4ec39d24529cc64e9eac"
    /// The API's clock and the host's differ by more than 30 s (PRIORITY 5).
    public static let apiClock = "fa55651779384cc49b649a09e8ddaccc"
    /// The state file could not be written (PRIORITY 3), or can be again (PRIORITY 5).
    public static let stateWrite = "0ae3383558bf41c691981d4e0ba98393"
    /// A location's nowcast turned from dry to rain within 30 minutes: once per episode (PRIORITY 5).
    public static let rainSoon = "fdf6618d0b944e2f959d3f1007fd28dc"
    /// An official warning came in force for a location: once per warning (PRIORITY 4 Minor/Moderate, 3
    /// Severe, 2 Extreme).
    public static let alertStarted = "890bcdcce335433cb40b162585323ce5"
    /// An official warning in force was updated: not announced again (PRIORITY 6).
    public static let alertUpdated = "c2770b7a2200480fa39aac7267fd5846"
    /// An official warning ended: expired, cancelled or withdrawn (PRIORITY 5).
    public static let alertEnded = "b24b3738ac4040ebab062b189479f1c2"
    /// A location's weather comes from a later source: its first failed (PRIORITY 4).
    public static let sourceChanged = "e6a0ecab83d44317ad214a2af8aad3eb"
    /// A location's weather comes from its first source again (PRIORITY 5).
    public static let sourceReturned = "2f06bb48ffb942acb5a6489a16ec5d6f"
    /// A location's air entered poor or worse on the configured scale (PRIORITY 4).
    public static let airPoor = "d9c5b968ccfb4f129ebcc577d8c513d9"
    /// A location's air is better than poor again (PRIORITY 5).
    public static let airBetter = "c21f2a3612bc449b84f5114a9e736de0"
}
