import SwiftCompilerPlugin
import SwiftSyntax
import SwiftSyntaxMacros

/// The expansion of `@MemberwiseInit` (see its declaration in the MemberwiseInit module).
public struct MemberwiseInitMacro: MemberMacro {
    public static func expansion(
        of node: AttributeSyntax,
        providingMembersOf declaration: some DeclGroupSyntax,
        conformingTo protocols: [TypeSyntax],
        in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        guard declaration.is(StructDeclSyntax.self) else {
            throw MemberwiseInitError("@MemberwiseInit applies to a struct")
        }
        let access = declaration.modifiers.first { ["public", "package"].contains($0.name.text) }
        var parameters: [String] = []
        var assignments: [String] = []
        for member in declaration.memberBlock.members {
            if member.decl.is(IfConfigDeclSyntax.self) {
                throw MemberwiseInitError("@MemberwiseInit does not look inside #if: write this initializer by hand")
            }
            guard let variable = member.decl.as(VariableDeclSyntax.self), isStored(variable) else { continue }
            let isLet = variable.bindingSpecifier.tokenKind == .keyword(.let)
            let bindings = Array(variable.bindings)
            for (index, binding) in bindings.enumerated() where !isComputed(binding) {
                guard let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.trimmed else {
                    throw MemberwiseInitError("@MemberwiseInit needs one name per stored property")
                }
                if isLet, binding.initializer != nil { continue }
                try refuseWhatSwiftWouldNotMakePublic(variable, name: name.text)
                // `var a, b: Int`: the type is written once, on the last name.
                let typed = bindings[index...].first { $0.typeAnnotation != nil || $0.initializer != nil }
                guard let type = typed?.typeAnnotation?.type.trimmed else {
                    throw MemberwiseInitError("@MemberwiseInit needs the type of '\(name.text)' written out")
                }
                parameters.append("\(name): \(parameterType(type))\(defaultValue(binding, type: type, isLet: isLet))")
                assignments.append("self.\(name) = \(name)")
            }
        }
        let prefix = access.map { "\($0.name.text) " } ?? ""
        let list = parameters.isEmpty ? "" : "\n    " + parameters.joined(separator: ",\n    ") + "\n"
        let body = assignments.map { "    \($0)\n" }.joined()
        return ["\(raw: prefix)init(\(raw: list)) {\n\(raw: body)}"]
    }

    /// Not static, not lazy: a property an initializer sets.
    private static func isStored(_ variable: VariableDeclSyntax) -> Bool {
        let skipped: [TokenKind] = [.keyword(.static), .keyword(.class), .keyword(.lazy)]
        return !variable.modifiers.contains { skipped.contains($0.name.tokenKind) }
    }

    /// A property wrapper changes what the parameter is, and Swift makes the initializer of a struct with
    /// private storage private: both are written by hand.
    private static func refuseWhatSwiftWouldNotMakePublic(_ variable: VariableDeclSyntax, name: String) throws {
        if !variable.attributes.isEmpty {
            throw MemberwiseInitError("@MemberwiseInit does not handle the attribute of '\(name)'")
        }
        let hidden = variable.modifiers.contains {
            [.keyword(.private), .keyword(.fileprivate)].contains($0.name.tokenKind) && $0.detail == nil
        }
        if hidden { throw MemberwiseInitError("@MemberwiseInit would make '\(name)', which is private, a parameter") }
    }

    /// A getter, or accessors other than `willSet`/`didSet`.
    private static func isComputed(_ binding: PatternBindingSyntax) -> Bool {
        switch binding.accessorBlock?.accessors {
        case nil: false
        case .getter: true
        case .accessors(let accessors):
            accessors.contains { ![.keyword(.willSet), .keyword(.didSet)].contains($0.accessorSpecifier.tokenKind) }
        }
    }

    /// A stored closure is escaping as a parameter.
    private static func parameterType(_ type: TypeSyntax) -> String {
        let base = type.as(AttributedTypeSyntax.self)?.baseType ?? type
        return base.is(FunctionTypeSyntax.self) ? "@escaping \(type)" : "\(type)"
    }

    /// The initial value, or `nil` for an optional `var`, as Swift's memberwise initializer has them.
    private static func defaultValue(_ binding: PatternBindingSyntax, type: TypeSyntax, isLet: Bool) -> String {
        if let initializer = binding.initializer { return " = \(initializer.value.trimmed)" }
        let optional = type.is(OptionalTypeSyntax.self) || type.is(ImplicitlyUnwrappedOptionalTypeSyntax.self)
        return optional && !isLet ? " = nil" : ""
    }
}

/// A use of `@MemberwiseInit` the macro cannot expand; the compiler reports it at the attribute.
struct MemberwiseInitError: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

@main
struct MemberwiseInitPlugin: CompilerPlugin {
    let providingMacros: [any Macro.Type] = [MemberwiseInitMacro.self]
}
