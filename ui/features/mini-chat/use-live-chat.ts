import { useCallback, useEffect, useReducer, useRef } from 'react';
import {
  LIVE_CHAT_CLOSE,
  LIVE_CHAT_MAX_LENGTH,
  LIVE_CHAT_PATH,
  type LiveChatMessage,
  type LiveChatServerMessage,
  type LiveChatUser,
} from '../../../domain/contracts/mini-live-chat';
import { deviceId } from '../../lib/device-identity';
import { currentSession } from '../../lib/session';

/** connecting: not in the chat yet (or again); open: in it; refused: this browser has no pseudonym. */
export type LiveChatStatus = 'connecting' | 'open' | 'refused';

type State = {
  status: LiveChatStatus;
  messages: LiveChatMessage[];
  users: LiveChatUser[];
  error: string | null;
};

type Action =
  LiveChatServerMessage | { type: 'disconnected' } | { type: 'refused' } | { type: 'sent' };

/** How many messages the page keeps while it stays open. */
const KEPT = 200;

const reduce = (state: State, action: Action): State => {
  switch (action.type) {
    case 'userList':
      return { ...state, status: 'open', users: action.users };
    case 'userJoined':
      return {
        ...state,
        users: [...state.users.filter((u) => u.id !== action.user.id), action.user],
      };
    case 'userLeft':
      return { ...state, users: state.users.filter((u) => u.id !== action.userId) };
    case 'message': {
      // A reconnect brings the history again, and a moderator's decision a message anew: each
      // message once, in its place by time.
      const others = state.messages.filter((m) => m.id !== action.message.id);
      const at = others.findIndex((m) => m.timestamp > action.message.timestamp);
      const messages =
        at < 0
          ? [...others, action.message]
          : [...others.slice(0, at), action.message, ...others.slice(at)];
      return { ...state, messages: messages.slice(-KEPT) };
    }
    case 'messageRemoved':
      return { ...state, messages: state.messages.filter((m) => m.id !== action.id) };
    case 'error':
      return { ...state, error: action.message };
    case 'sent':
      return { ...state, error: null };
    case 'disconnected':
      return { ...state, status: 'connecting', users: [] };
    case 'refused':
      return { ...state, status: 'refused', users: [] };
  }
};

/** What the chat is told first, as /ws is: the device, and the signed-in session if any. */
const identify = () => {
  const accessToken = currentSession()?.access_token;
  return JSON.stringify({
    type: 'identify',
    deviceId: deviceId(),
    ...(accessToken ? { accessToken } : {}),
  });
};

/** Whether a draft may be sent: something visible, and no longer than the chat allows. */
export const sendable = (draft: string) => {
  const text = draft.trim();
  return text.length > 0 && [...text].length <= LIVE_CHAT_MAX_LENGTH;
};

/**
 * The live chat's socket while the page is shown: identifies, follows who is online and the
 * messages, reconnects by itself with backoff (unless this browser is not registered).
 */
export const useLiveChat = () => {
  const [state, dispatch] = useReducer(reduce, {
    status: 'connecting',
    messages: [],
    users: [],
    error: null,
  });
  const socketRef = useRef<WebSocket | null>(null);

  useEffect(() => {
    let stopped = false;
    let backoff = 500;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const connect = () => {
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
      const socket = new WebSocket(`${scheme}://${location.host}${LIVE_CHAT_PATH}`);
      socketRef.current = socket;
      socket.onopen = () => socket.send(identify());
      socket.onmessage = (event) => {
        const frame = JSON.parse(String(event.data)) as LiveChatServerMessage;
        if (frame.type === 'userList') backoff = 500;
        dispatch(frame);
      };
      socket.onclose = (event) => {
        if (stopped) return;
        if (event.code === LIVE_CHAT_CLOSE.notRegistered) {
          dispatch({ type: 'refused' });
          return;
        }
        dispatch({ type: 'disconnected' });
        retry = setTimeout(connect, backoff);
        backoff = Math.min(backoff * 2, 10_000);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      socketRef.current?.close();
    };
  }, []);

  /** Sends a message; false (and nothing sent) when the socket is not open or the draft may not go. */
  const send = useCallback(
    (draft: string) => {
      const socket = socketRef.current;
      if (state.status !== 'open' || socket?.readyState !== WebSocket.OPEN) return false;
      if (!sendable(draft)) return false;
      socket.send(JSON.stringify({ type: 'message', content: draft.trim() }));
      dispatch({ type: 'sent' });
      return true;
    },
    [state.status],
  );

  return { ...state, send };
};
