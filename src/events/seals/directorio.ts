import type { SealSpec } from '../personal-data.ts';

/** Seal specs of the directorio area's events (see src/events/personal-data.ts). */
export const directorioSeals: Record<string, SealSpec> = {};
