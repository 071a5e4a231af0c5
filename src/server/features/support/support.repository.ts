import type { Db } from '../../db/client';
import { ticketMessages, tickets } from '../../db/schema';

export interface NewGuestTicket {
  id: string;
  messageId: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  at: Date;
}

export async function insertGuestTicket(db: Db, t: NewGuestTicket) {
  await db.transaction(async (tx) => {
    await tx.insert(tickets).values({
      id: t.id,
      guestName: t.name,
      guestEmail: t.email,
      subject: t.subject,
      category: 'general',
      priority: 'medium',
      status: 'open',
      source: 'contact',
      createdAt: t.at,
      updatedAt: t.at,
    });
    await tx.insert(ticketMessages).values({
      id: t.messageId,
      ticketId: t.id,
      authorKind: 'guest',
      authorName: t.name,
      body: t.message,
      createdAt: t.at,
    });
  });
}
