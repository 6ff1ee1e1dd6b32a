/** A configuration value that is missing or out of range: the process refuses to start. */
export class ConfigError extends Error {}
