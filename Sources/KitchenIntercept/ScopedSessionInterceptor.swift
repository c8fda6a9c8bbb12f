import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A scope's own `URLProtocol` class: ``InterceptScope/install(in:)`` puts it first in a
/// configuration's `protocolClasses`, so every request of a session made from that
/// configuration names its scope by the class URLSession picked, whatever thread, queue or task
/// resumes it. Each scope gets a class of its own because a class is all a session hands its
/// protocol: the slot number is carried in the generic argument (``InterceptorSlot``).
///
/// ```swift
/// let type = InterceptorSlots.interceptorClass(for: 6)   // ScopedSessionInterceptor<SlotDouble<SlotDoublePlusOne<SlotOne>>>
/// type.scopeSlot                                         // 6
/// ```
final class ScopedSessionInterceptor<Slot: InterceptorSlot>: MarkedSessionInterceptor {
    override class var scopeSlot: Int? { Slot.number }
}

/// A positive number written as a type, bit by bit from the top: `SlotOne` is 1, and each
/// `SlotDouble`/`SlotDoublePlusOne` appends a 0 or 1 bit. So slot n is a type of depth log₂ n,
/// made at run time (``InterceptorSlots/slotType(_:)``) without declaring a class per scope.
protocol InterceptorSlot {
    static var number: Int { get }
}

enum SlotOne: InterceptorSlot {
    static var number: Int { 1 }
}

enum SlotDouble<Half: InterceptorSlot>: InterceptorSlot {
    static var number: Int { Half.number * 2 }
}

enum SlotDoublePlusOne<Half: InterceptorSlot>: InterceptorSlot {
    static var number: Int { Half.number * 2 + 1 }
}

/// Builds slot types and their interceptor classes from numbers.
enum InterceptorSlots {
    /// The type whose ``InterceptorSlot/number`` is `number` (at least 1).
    static func slotType(_ number: Int) -> any InterceptorSlot.Type {
        precondition(number >= 1, "slot numbers start at 1")
        guard number > 1 else { return SlotOne.self }
        let half = slotType(number / 2)
        return number % 2 == 0 ? doubled(half) : doubledPlusOne(half)
    }

    /// The interceptor class for slot `number`.
    static func interceptorClass(for number: Int) -> MarkedSessionInterceptor.Type {
        interceptor(slotType(number))
    }

    private static func doubled<Half: InterceptorSlot>(_: Half.Type) -> any InterceptorSlot.Type { SlotDouble<Half>.self }

    private static func doubledPlusOne<Half: InterceptorSlot>(_: Half.Type) -> any InterceptorSlot.Type {
        SlotDoublePlusOne<Half>.self
    }

    private static func interceptor<Slot: InterceptorSlot>(_: Slot.Type) -> MarkedSessionInterceptor.Type {
        ScopedSessionInterceptor<Slot>.self
    }
}
