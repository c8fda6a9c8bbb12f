import KitchenTesting

extension Gen {
    /// Draws `count` more choices of bound 0 (always 0) after the value.
    ///
    /// The engine's shrinker deletes blocks of 8, 4, 2 and 1 choices. A trace
    /// element that spans 5 choices (a continue flag, a 3-choice duration, a
    /// value) can then never be deleted whole, and shrunk traces keep redundant
    /// steps. Padding each element to 4 or 8 choices lets whole steps go.
    func padded(by count: Int) -> Gen<Value> {
        Gen { source throws(GenerationFailure) in
            let value = try generate(from: &source)
            for _ in 0..<count {
                _ = try source.draw(upTo: 0)
            }
            return value
        }
    }
}
