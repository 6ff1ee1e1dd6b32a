/**
 * The kinds of users (below events, which record them, and platform's tokens, which carry them).
 * AUDITOR is read-only: the audit log and the audit reads, nothing else (src/http/auditor-access.ts).
 */
export type Rol = 'ADMIN' | 'PSICOLOGO' | 'PACIENTE' | 'AUDITOR';
