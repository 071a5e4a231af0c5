-- Issue 22 §6: the seeded packs described things nothing delivers (a Discord bridge, analytics,
-- shared resource pools, spotlights). Each pack's copy now lists only what its delivery type
-- gives: Essentials and Game Expansion are set up by staff (a delivery task), Community gives
-- priority support. Only copy that is still the shipped text is changed; a pack staff have
-- reworded in the catalog editor keeps their words. Prices, names and ids are untouched.
UPDATE "catalog_versions" SET "catalog" = jsonb_set("catalog", '{packs}', coalesce((
  SELECT jsonb_agg(CASE
    WHEN x.p->>'id' = 'essentials' AND x.p->'tagline' = '"The everyday toolkit every server owner ends up wanting"'::jsonb AND x.p->'highlights' = '[{"title": "Daily Backups", "text": "An automatic snapshot every day, kept for a week."}, {"title": "Discord Bridge", "text": "Chat, joins and status posted straight to your Discord."}, {"title": "Analytics", "text": "See when players come online and what slows you down."}]'::jsonb
      AND x.p->'features' = '["Daily automatic backups with 7-day retention", "One-click restore from any backup", "Discord bridge for chat and server events", "Uptime and crash alerts in Discord", "Analytics dashboard for players and performance", "Peak-hour and retention reports", "Exportable CSV reports", "Works on every server on your account"]'::jsonb
      THEN x.p || '{"tagline": "Our team sets up what every server ends up needing", "highlights": [{"title": "Set Up For You", "text": "Tell us which plugins, mods or resources you want; our team installs and configures them."}, {"title": "Settings Review", "text": "A staff member goes through your server settings and tells you what to change."}, {"title": "Restore Help", "text": "We restore a backup with you and check that the world loads."}], "features": ["Plugins, mods or resources installed and configured by our team", "A review of your server settings, with what to change", "A backup restored with you, checked before we hand it back", "For any server on your account", "Each request followed in your dashboard until it is done"]}'::jsonb
    WHEN x.p->>'id' = 'game-expansion-pack' AND x.p->'tagline' = '"Run more than one game without buying more than one box"'::jsonb AND x.p->'highlights' = '[{"title": "Cross-Deploy", "text": "Switch or add game types on the same resources."}, {"title": "Shared Resources", "text": "Pool RAM and CPU between the servers you own."}, {"title": "Fast Switching", "text": "Swap games in minutes, your files stay safe."}]'::jsonb
      AND x.p->'features' = '["Cross-deploy to Minecraft, FiveM and Palworld", "Shared RAM and CPU pool across your servers", "Game switching without losing your files", "Separate consoles and settings per game", "Per-game backup sets", "One bill for every game you run", "Priority placement on new nodes", "Early access to newly supported games"]'::jsonb
      THEN x.p || '{"tagline": "Bring your world, map or framework over, and our team does the moving", "highlights": [{"title": "Migration", "text": "We move a world, map or resource set from another host onto your server."}, {"title": "Modpacks And Frameworks", "text": "Forge, Fabric, ESX or QBCore installed for you."}, {"title": "Checked Before Hand-Over", "text": "We start the server and check that players can join."}], "features": ["A world, map or resource set moved from another host by our team", "A modpack or framework (Forge, Fabric, ESX, QBCore) installed for you", "A start-up check that players can join before we hand it back", "For any server on your account", "Each request followed in your dashboard until it is done"]}'::jsonb
    WHEN x.p->>'id' = 'community-pack' AND x.p->'tagline' = '"For owners who want their community seen and heard"'::jsonb AND x.p->'highlights' = '[{"title": "Creator Spotlights", "text": "Get your server featured to our player base."}, {"title": "Dev Blog Access", "text": "Read what we are building before it ships."}, {"title": "Priority Support", "text": "Your tickets go to the front of the queue."}]'::jsonb
      AND x.p->'features' = '["Creator spotlight features on our channels", "Access to the developer blog and roadmap", "Priority support ticket queue", "Community role in our Discord", "Vote on upcoming features", "Invitations to beta tests", "Monthly community events", "Server listing in our showcase"]'::jsonb
      THEN x.p || '{"tagline": "Your tickets go to the front of the queue", "highlights": [{"title": "Priority Support", "text": "Your tickets are answered before the rest of the queue."}, {"title": "Every Server", "text": "It covers every server on your account."}, {"title": "On At Once", "text": "It starts as soon as the payment clears and lasts the month paid."}], "features": ["Priority support: your tickets go to the front of the staff queue", "Covers every server on your account", "Starts as soon as the payment clears", "Lasts the month you paid for"]}'::jsonb
    ELSE x.p
  END ORDER BY x.o)
  FROM jsonb_array_elements("catalog"->'packs') WITH ORDINALITY AS x(p, o)), '[]'::jsonb))
WHERE jsonb_typeof("catalog"->'packs') = 'array';
--> statement-breakpoint
-- Services that still carry the retired Discord or analytics add-on (migration 0035) stop paying
-- for it: the price review prices retired add-ons out (servicePrice) but only looks at services
-- priced at an older version than the newest. A new version, the newest's copy, has every running
-- service reviewed once more, and those with a retired add-on get a decrease from their next
-- renewal, with the usual notice. A shop without a catalog yet (a fresh install) gets nothing.
INSERT INTO "catalog_versions" ("version", "catalog", "note", "created_at")
SELECT "version" + 1, "catalog", 'Retired add-ons come off the price of the services that carry them (issue 22 §6)', now()
FROM "catalog_versions"
WHERE EXISTS (SELECT 1 FROM "servers" s WHERE s."deleted_at" IS NULL AND s."addons" ?| array['discord-integration', 'advanced-analytics'])
ORDER BY "version" DESC
LIMIT 1;
