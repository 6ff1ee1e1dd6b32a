// @practice/client: the practice API for apps, typed from its served OpenAPI document.
export type { components, operations, paths } from './schema.d.ts';
export type { ChatSend, ErrorBody, Mensaje, Presence, Rol, Session } from './types.ts';
export { createPracticeClient, authMiddleware, consistencyMiddleware, CONSISTENCY_HEADER, type PracticeClient, type PracticeClientOptions } from './http.ts';
export { ApiError, unwrap } from './errors.ts';
export { allItems, everyItem, nextCursor, type PageResult } from './paging.ts';
export { connectRealtime, realtimeUrl, RealtimeError, type RealtimeClient, type RealtimeOptions } from './realtime.ts';
