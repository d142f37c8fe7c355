DROP INDEX "mobile_transfers_mode_created_idx";--> statement-breakpoint
DROP INDEX "mobile_transfers_mode_amount_idx";