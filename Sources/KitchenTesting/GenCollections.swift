extension Gen {
    /// One of `elements`, shrinking toward the first.
    public static func element(of elements: [Value]) -> Gen<Value> where Value: Sendable {
        precondition(!elements.isEmpty, "Gen.element(of:) needs at least one element")
        let last = UInt64(elements.count - 1)
        return Gen { source throws(GenerationFailure) in
            elements[Int(try source.draw(upTo: last))]
        }
    }

    /// A value from one of `generators`, picked evenly, shrinking toward the first.
    public static func oneOf(_ generators: Gen<Value>...) -> Gen<Value> {
        frequency(generators.map { (1, $0) })
    }

    /// A value from one of `weighted` generators, picked in proportion to its weight,
    /// shrinking toward the first.
    public static func frequency(_ weighted: [(weight: Int, generator: Gen<Value>)]) -> Gen<Value> {
        precondition(!weighted.isEmpty && weighted.allSatisfy { $0.weight >= 0 } && weighted.contains { $0.weight > 0 },
                     "Gen.frequency needs non-negative weights, at least one positive")
        let generators = weighted.map(\.generator)
        let weights = weighted.map { UInt64($0.weight) }
        let total = weights.reduce(0, +)
        return Gen { source throws(GenerationFailure) in
            let index = try source.draw(upTo: UInt64(generators.count - 1)) { random in
                var ticket = ChoiceSource.uniform(upTo: total - 1, bits: random.next())
                for (index, weight) in weights.enumerated() {
                    if ticket < weight {
                        return UInt64(index)
                    }
                    ticket -= weight
                }
                return UInt64(weights.count - 1)
            }
            return try generators[Int(index)].generate(from: &source)
        }
    }

    /// An array whose length is in `count`: the minimum elements are drawn outright,
    /// each further one behind a continue flag (about half of the extra room is
    /// used on average, at most 25 elements' worth), so deleting a flag and its
    /// element shortens the array.
    public static func array<Element>(of element: Gen<Element>, count: ClosedRange<Int>) -> Gen<[Element]>
    where Value == [Element] {
        precondition(count.lowerBound >= 0, "Gen.array needs a non-negative count")
        let minimum = count.lowerBound
        let maximum = count.upperBound
        let averageExtra = Double(min(maximum - minimum, 50)) / 2
        let continueProbability = averageExtra / (averageExtra + 1)
        return Gen<[Element]> { source throws(GenerationFailure) in
            var elements: [Element] = []
            elements.reserveCapacity(minimum + Int(averageExtra) + 1)
            while elements.count < minimum {
                elements.append(try element.generate(from: &source))
            }
            while elements.count < maximum, try source.drawFlag(probability: continueProbability) {
                elements.append(try element.generate(from: &source))
            }
            return elements
        }
    }

    /// A tuple of one value from each generator, drawn in order.
    public static func zip<each Part>(_ parts: repeat Gen<each Part>) -> Gen<(repeat each Part)>
    where Value == (repeat each Part) {
        Gen<(repeat each Part)> { source throws(GenerationFailure) in
            (repeat try (each parts).generate(from: &source))
        }
    }
}
