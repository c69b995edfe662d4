/**
 * The chat widget (SPEC §2: "a chat widget opened through a page-level function, with hints:
 * message, car name, id, checkout link, is-reserved, car category, dealership id").
 *
 * The page-level function is window.forecourtOpenChat(hints), installed once an island has told
 * the runtime the record's chat_widget_url. The widget script is loaded on the first call and is
 * expected to define window.ForecourtChatWidget.open(hints); until it has, hints are queued in
 * window.forecourtChatQueue, which the widget drains when it starts.
 */
import type { ChatHints } from '../../ui/islandServices.ts';

/** The window parts chat uses. */
export interface ChatHost {
  forecourtOpenChat?: (hints: ChatHints) => boolean;
  forecourtChatQueue?: ChatHints[];
  ForecourtChatWidget?: { open(hints: ChatHints): void };
  dispatchEvent?(event: Event): boolean;
}

/** Opens the chat with `hints`; false when the site has no chat widget. */
export function openChat({
  host,
  widgetUrl,
  loadScript,
  hints,
}: {
  host: ChatHost;
  widgetUrl: string | null;
  loadScript: (url: string) => void;
  hints: ChatHints;
}): boolean {
  if (!widgetUrl) return false;
  if (host.ForecourtChatWidget) {
    host.ForecourtChatWidget.open(hints);
    return true;
  }
  const first = !host.forecourtChatQueue;
  host.forecourtChatQueue = [...(host.forecourtChatQueue ?? []), hints];
  if (first) loadScript(widgetUrl);
  return true;
}
