import ServiceLifecycle
import UnixSignals

/// SIGHUP and SIGUSR1 for a running ``WeatherService`` (SPEC §8): SIGHUP sends `RELOADING=1`, reads the
/// configuration again and has the service apply it (or log why not, keeping the running one; the
/// service then sends `READY=1`); SIGUSR1 makes every location due at once. Ends on graceful shutdown.
public struct ControlSignals: Service {
    private let signals: UnixSignalsSequence
    private let service: WeatherService
    private let notifier: any ServiceNotifying
    private let load: @Sendable () throws(ConfigError) -> Configuration

    /// Relays `signals` (trapped before `READY=1`, so none is lost) to `service`; `load` reads the
    /// configuration again.
    public init(
        signals: UnixSignalsSequence,
        service: WeatherService,
        notifier: any ServiceNotifying,
        load: @escaping @Sendable () throws(ConfigError) -> Configuration
    ) {
        self.signals = signals
        self.service = service
        self.notifier = notifier
        self.load = load
    }

    /// Relays signals until graceful shutdown.
    public func run() async {
        for await signal in signals.cancelOnGracefulShutdown() {
            switch signal {
            case .sighup:
                notifier.reloading()
                do {
                    await service.reload(try load())
                } catch {
                    await service.rejectReload(error)
                }
            case .sigusr1:
                await service.refreshAll()
            default:
                break
            }
        }
    }
}
