/// Declares the initializer Swift synthesizes for a struct (one parameter per stored property, in order)
/// at the struct's own access level. Swift synthesizes it `internal` only, so each public value type that
/// other modules build would otherwise spell it out by hand, one `self.x = x` per property.
///
/// The parameters follow the stored properties as Swift's own memberwise initializer does: a `var` with an
/// initial value takes it as the default, an optional `var` without one defaults to `nil`, a `let` with an
/// initial value is not a parameter, and computed, static and lazy properties are skipped. Every stored
/// property needs a type annotation (the macro sees syntax, not inferred types). It refuses, with an error,
/// what it would get wrong: a class, members inside `#if`, a property with an attribute (a property wrapper),
/// private storage (Swift's own initializer would then be private). A stored closure of a function
/// typealias is not known to be one: such a property needs `@escaping` written by hand, in an init.
@attached(member, names: named(init))
public macro MemberwiseInit() = #externalMacro(module: "MemberwiseInitMacros", type: "MemberwiseInitMacro")
