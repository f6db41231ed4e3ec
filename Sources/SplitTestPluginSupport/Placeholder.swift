/// The plugin support placeholder.
