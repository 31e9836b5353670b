import type { Generated } from 'kysely';

/** A league's webhook (features/webhooks). `events`: comma-separated event kinds. */
export interface LeagueWebhooksTable {
  id: Generated<number>; league_id: number; kind: 'discord' | 'slack' | 'teams' | 'json'; url: string; events: string;
  secret: string; created_by: number | null; created_at: number; failing_since: number | null; disabled_at: number | null;
}

/** The webhooks' outbox: one row per hook and event (features/webhooks/webhookDelivery.ts sends them). */
export interface WebhookDeliveriesTable {
  id: Generated<number>; webhook_id: number; event: string; payload: string;
  status: 'pending' | 'delivered' | 'failed'; attempts: Generated<number>; next_attempt_at: number; locked_until: number | null;
  last_status: number | null; last_error: string | null; created_at: number; finished_at: number | null;
}

export interface WebhookTables {
  league_webhooks: LeagueWebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
}
