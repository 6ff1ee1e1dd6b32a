// The ajv schema builders and request validation live in platform/ (the STOMP gateway uses them too).
export * from '../platform/validation.ts';
