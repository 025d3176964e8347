/**
 * The name of komorebi's command socket in its data directory: detection looks for it (managers.ts) and the
 * client writes to it (client.ts). Its own module, so that detection names it without loading the client's
 * sockets.
 */
export const COMMAND_SOCKET = 'komorebi.sock';
