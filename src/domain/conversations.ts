// A conversation and a message as the API answers them (server) and the web shows them.

export type Role = 'guest' | 'host';

export type ConversationSummary = {
  id: string;
  booking_id: string;
  role: Role;
  other_name: string;
  listing: { id: string; title: string };
  booking: { start_date: string; end_date: string; status: string };
  last_message: { body: string; created_at: string; mine: boolean } | null;
  unread: number;
};

export type Message = {
  id: string;
  seq: number;
  conversation_id: string;
  body: string;
  created_at: string;
  mine: boolean;
  sender_name: string;
  /** The sender's own id for it, to the sender only: lets their tab match it to what it showed. */
  client_id: string | null;
};
