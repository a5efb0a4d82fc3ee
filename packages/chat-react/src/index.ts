/**
 * @parley/chat-react — the React chat kit. Its screens arrive with the chat UI issue; the package
 * exists now so the workspace layout and dependency boundaries (GUIDE §1) hold from the start.
 */
export const CHAT_REACT_VERSION = '0.1.0';
