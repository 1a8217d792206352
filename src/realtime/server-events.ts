/**
 * Every message the server pushes to browsers, with its payload. Shared with web/ so that both
 * sides agree at compile time. `position` is the log position the push was produced at: a
 * client that reconnects asks for what came after the last one it saw.
 */
export type ServerToClientEvents = {
  'lead.captured': (p: { leadId: string; fullName: string; leadType: string; at: string; position: string }) => void;
  'lead.activity': (p: { leadId: string; type: string; at: string; summary: string; position: string }) => void;
  'chat.message': (p: { chatId: string; messageId: string; fromUserId: string; text: string; at: string; position: string }) => void;
  'projection.progress': (p: {
    name: string;
    applied: number;
    total: number;
    eventsPerSecond: number;
    secondsLeft: number | null;
    phase: string;
  }) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
