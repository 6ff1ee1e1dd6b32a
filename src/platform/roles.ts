/** The three kinds of users (below events, which record them, and platform's tokens, which carry them). */
export type Rol = 'ADMIN' | 'PSICOLOGO' | 'PACIENTE';
