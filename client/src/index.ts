// @practice/client: the practice API for apps, typed from its served OpenAPI document.
export type { components, operations, paths } from './schema.js';
export type { ChatSend, ErrorBody, Mensaje, Presence, Rol, Session } from './types.js';
export { createPracticeClient, authMiddleware, consistencyMiddleware, CONSISTENCY_HEADER, type PracticeClient, type PracticeClientOptions } from './http.js';
export { ApiError, unwrap } from './errors.js';
export { allItems, everyItem, nextCursor, type PageResult } from './paging.js';
export { connectRealtime, realtimeUrl, RealtimeError, type RealtimeClient, type RealtimeOptions } from './realtime.js';
