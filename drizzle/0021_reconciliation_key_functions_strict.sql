-- The key functions that give null for a null input say so (STRICT): PostgreSQL then skips the call. mobile_transfers'
-- generated sender_phone calls rc_phone for every row the sync writes, whose origin_phone is always null (the list API
-- has no phone): the call cost about a fifth of a synced transfers page's database CPU (bench:sync). Same results.
ALTER FUNCTION rc_phone(text) STRICT;--> statement-breakpoint
ALTER FUNCTION rc_sender_id(text) STRICT;--> statement-breakpoint
ALTER FUNCTION rc_name(text) STRICT;
