// Placeholder until the module's first source file lands.
