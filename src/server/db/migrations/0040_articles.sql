CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"slug" text NOT NULL,
	"language" text NOT NULL,
	"category" text,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"status" text NOT NULL,
	"published_at" timestamp with time zone,
	"sample" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"author_id" uuid,
	"author_email" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"titles" jsonb NOT NULL,
	"sample" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "articles_kind_slug_language" ON "articles" USING btree ("kind","slug","language");--> statement-breakpoint
CREATE INDEX "articles_listing" ON "articles" USING btree ("kind","status","published_at");--> statement-breakpoint
-- The text the product ships with, as sample articles (decision 064): the FAQ's answers become help articles, the blog's posts sample news.
INSERT INTO "help_categories" ("slug", "position", "titles", "sample", "created_at") VALUES
($sp$general$sp$, 1, $sp${"en":"General","de":"Allgemein","fr":"Général","es":"General","pt-BR":"Geral"}$sp$::jsonb, true, '2026-11-26T00:00:00Z'),
($sp$technical$sp$, 2, $sp${"en":"Technical","de":"Technik","fr":"Technique","es":"Técnico","pt-BR":"Técnico"}$sp$::jsonb, true, '2026-11-26T00:00:00Z'),
($sp$billing$sp$, 3, $sp${"en":"Billing","de":"Abrechnung","fr":"Facturation","es":"Facturación","pt-BR":"Cobrança"}$sp$::jsonb, true, '2026-11-26T00:00:00Z')
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "articles" ("id", "kind", "slug", "language", "category", "title", "summary", "body", "status", "published_at", "sample", "position", "author_email", "created_at", "updated_at") VALUES
(gen_random_uuid(), 'help', $sp$what-is$sp$, 'en', $sp$general$sp$, $sp$What is {{shop.name}}?$sp$, $sp${{shop.name}} rents out game servers for Minecraft, FiveM and Palworld.$sp$, $sp${{shop.name}} rents out game servers for Minecraft, FiveM and Palworld. You pick a plan, pay once through a secure checkout, and your server comes online by itself with a control panel, backups and a support team that is awake around the clock.$sp$, 'published', '2026-11-26T00:00:00Z', true, 1, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$games$sp$, 'en', $sp$general$sp$, $sp$Which games can I host?$sp$, $sp$Minecraft (vanilla, Paper, Spigot, Forge, Fabric and most modpacks), FiveM roleplay and freeroam servers, and Palworld dedicated servers.$sp$, $sp$Minecraft (vanilla, Paper, Spigot, Forge, Fabric and most modpacks), FiveM roleplay and freeroam servers, and Palworld dedicated servers. Each game has its own configurator with plans sized for it, so you never pay for resources the game cannot use.$sp$, 'published', '2026-11-26T00:00:00Z', true, 2, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$setup-time$sp$, 'en', $sp$general$sp$, $sp$How long does it take before I can play?$sp$, $sp$Setup is usually 1-3 minutes after your payment goes through.$sp$, $sp$Setup is usually 1-3 minutes after your payment goes through. The success page shows each step live (paid, creating, installing, online), and the connection details appear in your dashboard the moment the server is ready.$sp$, 'published', '2026-11-26T00:00:00Z', true, 3, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$locations$sp$, 'en', $sp$general$sp$, $sp$Where are your servers located?$sp$, $sp$We run four regions: US West (California), US East (Virginia), EU West (Amsterdam) and Asia Pacific (Singapore).$sp$, $sp$We run four regions: US West (California), US East (Virginia), EU West (Amsterdam) and Asia Pacific (Singapore). Pick the one closest to most of your players; a shorter distance means lower ping for everyone.$sp$, 'published', '2026-11-26T00:00:00Z', true, 4, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$account$sp$, 'en', $sp$general$sp$, $sp$Do I need an account to order?$sp$, $sp$You can browse every page and try the configurator without one.$sp$, $sp$You can browse every page and try the configurator without one. To pay, you need a free account: it takes under a minute and keeps your servers, invoices, support tickets and referral earnings in one place.$sp$, 'published', '2026-11-26T00:00:00Z', true, 5, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$player-count$sp$, 'en', $sp$general$sp$, $sp$How many players can join my server?$sp$, $sp$Every plan lists a recommended player count for its game.$sp$, $sp$Every plan lists a recommended player count for its game. Mods, plugins and big maps use more memory than a vanilla world, so a heavily modded server needs a larger plan for the same crowd. When your community grows, move to a bigger plan and keep your world.$sp$, 'published', '2026-11-26T00:00:00Z', true, 6, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$ddos$sp$, 'en', $sp$technical$sp$, $sp$Are my servers protected against DDoS attacks?$sp$, $sp$Yes.$sp$, $sp$Yes. Every server sits behind always-on DDoS filtering that drops attack traffic before it reaches your game. It is included in every plan at no extra cost, and you never have to switch it on.$sp$, 'published', '2026-11-26T00:00:00Z', true, 1, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$mods$sp$, 'en', $sp$technical$sp$, $sp$Can I install mods, plugins and custom resources?$sp$, $sp$Yes.$sp$, $sp$Yes. You get full access to your server files through the game panel and over SFTP, so you can upload mods, plugins, datapacks, FiveM resources and custom configs. If a modpack gives you trouble, our team will help you get it running.$sp$, 'published', '2026-11-26T00:00:00Z', true, 2, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$backups$sp$, 'en', $sp$technical$sp$, $sp$How do backups work?$sp$, $sp$You can take a backup at any time from your dashboard and download it whenever you like.$sp$, $sp$You can take a backup at any time from your dashboard and download it whenever you like. The Automatic Backups add-on takes one every day and keeps the last seven days. If you cancel, your last backup stays downloadable for {{rules.backupKeptAfterCancelDays}} days.$sp$, 'published', '2026-11-26T00:00:00Z', true, 3, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$control$sp$, 'en', $sp$technical$sp$, $sp$Can I start, stop and restart my server myself?$sp$, $sp$Always.$sp$, $sp$Always. Your dashboard has start, stop and restart buttons, a live console where you can type commands, CPU and memory graphs, the player list and a scheduled restart. Everything works from your phone too.$sp$, 'published', '2026-11-26T00:00:00Z', true, 4, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$uptime$sp$, 'en', $sp$technical$sp$, $sp$What uptime can I expect?$sp$, $sp$Our Service Level Agreement states the uptime we guarantee for each tier and backs it with credits: if a month falls below the guaranteed uptime for your tier, you can claim part of that month's fee back within {{rules.slaClaimWithinDays}} days.$sp$, $sp$Our Service Level Agreement states the uptime we guarantee for each tier and backs it with credits: if a month falls below the guaranteed uptime for your tier, you can claim part of that month's fee back within {{rules.slaClaimWithinDays}} days.$sp$, 'published', '2026-11-26T00:00:00Z', true, 5, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$move-region$sp$, 'en', $sp$technical$sp$, $sp$Can I move my server to another region later?$sp$, $sp$Yes.$sp$, $sp$Yes. Open a ticket from your dashboard and tell us where you want to go. We copy your files to the new region and let you know when it is done. Your server address changes, so share the new one with your players.$sp$, 'published', '2026-11-26T00:00:00Z', true, 6, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$refund$sp$, 'en', $sp$billing$sp$, $sp$What is your refund policy?$sp$, $sp$Every new service comes with a {{rules.refundWindowHours}}-hour money-back guarantee.$sp$, $sp$Every new service comes with a {{rules.refundWindowHours}}-hour money-back guarantee. If you are not happy within {{rules.refundWindowHours}} hours of your first payment, open a ticket from your dashboard or write to us through the support page and you get the full amount back, no questions asked. Refunds go to the original card and usually arrive within {{rules.refundProcessingDays}} business days.$sp$, 'published', '2026-11-26T00:00:00Z', true, 1, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$payment-methods$sp$, 'en', $sp$billing$sp$, $sp$Which payment methods do you accept?$sp$, $sp$All major credit and debit cards, through a secure hosted checkout run by our payment provider.$sp$, $sp$All major credit and debit cards, through a secure hosted checkout run by our payment provider. Your card details are entered on the provider’s page, so we never see or store your full card number.$sp$, 'published', '2026-11-26T00:00:00Z', true, 2, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$discounts$sp$, 'en', $sp$billing$sp$, $sp$Do you offer discounts for longer billing periods?$sp$, $sp$Yes.$sp$, $sp$Yes. Paying for 3, 6 or 12 months up front earns a discount, and the longer the period, the bigger the saving. The configurator shows the exact total and how much you save before you pay.$sp$, 'published', '2026-11-26T00:00:00Z', true, 3, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$failed-payment$sp$, 'en', $sp$billing$sp$, $sp$What happens if a renewal payment fails?$sp$, $sp$We email you and try the payment again after {{rules.paymentRetryDays}} days.$sp$, $sp$We email you and try the payment again after {{rules.paymentRetryDays}} days. If it is still unpaid after {{rules.suspendAfterDays}} days, the server is suspended but your files are kept. After {{rules.deleteAfterDays}} days unpaid, the server and its data are deleted. Paying the open invoice at any point before that brings everything back.$sp$, 'published', '2026-11-26T00:00:00Z', true, 4, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$change-plan$sp$, 'en', $sp$billing$sp$, $sp$Can I upgrade or downgrade my plan?$sp$, $sp$Yes.$sp$, $sp$Yes. Ask from the Support section of your dashboard and we move your server to the new plan with your files intact. The new price applies from your next billing period.$sp$, 'published', '2026-11-26T00:00:00Z', true, 5, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$cancel$sp$, 'en', $sp$billing$sp$, $sp$How do I cancel?$sp$, $sp$Cancel from the Billing section of your dashboard at any time.$sp$, $sp$Cancel from the Billing section of your dashboard at any time. Your server keeps running until the end of the period you paid for and is not renewed. Your last backup stays downloadable for {{rules.backupKeptAfterCancelDays}} days afterwards.$sp$, 'published', '2026-11-26T00:00:00Z', true, 6, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'help', $sp$price-changes$sp$, 'en', $sp$billing$sp$, $sp$Can my price go up?$sp$, $sp$Not without warning.$sp$, $sp$Not without warning. We email you at least {{rules.priceChangeNoticeDays}} days before any price change affects your renewals, so you have time to decide what to do.$sp$, 'published', '2026-11-26T00:00:00Z', true, 7, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'news', $sp$minecraft-server-lag-guide$sp$, 'en', NULL, $sp$Minecraft Server Lag: How to Find It and Fix It$sp$, $sp$Mobs that freeze, blocks that take a second to break, crops that stop growing: most of it comes down to one number. How to measure what your server is really doing, and the settings that fix most lag for good.$sp$, $sp$Every Minecraft server owner hears it sooner or later: "the server is lagging." Players use that word for three different problems, each with a different fix, so work out which one you have before you change a single setting.

## Three kinds of lag

When a player says lag, they mean one of these:

- Server lag: the whole world slows down for everyone at once. Mobs freeze and then jump, blocks take a moment to break, furnaces crawl. The server is failing to keep up, and that is what this guide is about.
- Network lag: one player rubber-bands while everyone else is fine. That is the route between that player and the server, and the usual fix is a server location closer to most of your players.
- Client lag: the game stutters on one screen. That is the player’s own computer, and shaders, render distance or a heavy resource pack are the usual suspects.

## Measure first: TPS and MSPT

A Minecraft server runs the world in ticks, 20 of them every second, so each tick has a budget of 50 milliseconds. As long as the average tick takes less than that (milliseconds per tick, or MSPT), you run at a full 20 TPS and the game feels smooth. Once ticks take longer than 50 ms, TPS drops and everything slows down.

Install the spark plugin or mod and run `/spark tps` to see both numbers. If MSPT sits comfortably below 50, the server is healthy and complaints are probably network or client lag. If it climbs past 50, run `/spark profiler start` while players are online, wait a few minutes, then run `/spark profiler stop`. You get a link to a report that shows exactly which entities, chunks and plugins are eating your tick.

## Run a faster server

If you are still on the vanilla server jar, switching to Paper is the biggest single improvement you can make. It keeps your world, fixes many of vanilla’s slow paths, and adds settings vanilla does not let you touch. Some technical redstone tricks behave differently, so check with your builders and take a backup before you switch.

Modded servers get a similar boost from performance mods such as Lithium and FerriteCore, which speed up game logic and cut memory use without changing how the game plays.

## Simulation distance matters more than view distance

Two settings in `server.properties` matter more than any others. `view-distance` decides how many chunks are sent to players to look at. `simulation-distance` decides how many chunks around each player are actually ticked: mobs moving, crops growing, redstone firing. Simulation is where the cost is.

A view distance of 8 to 10 with a simulation distance of 5 or 6 is a good starting point for most survival servers. The world still looks wide open, but the server only does the hard work close to players.

## Pre-generate your world

Generating new terrain is one of the most expensive things a server does, and players on elytra can generate hundreds of chunks a minute. Set a world border and generate everything inside it before you open. The Chunky plugin does this with `/chunky radius 5000` followed by `/chunky start`. Run it overnight while nobody is online, and exploring becomes almost free.

## Keep entities in check

Most lag on busy survival servers traces back to entities: mob farms that never stop, hundreds of dropped items, or a trading hall where every villager pathfinds every tick. The Spigot and Paper configuration files let you merge dropped items and experience orbs over a wider radius, limit how many arrows and similar entities a chunk keeps, and update mobs far from players less often.

Talk to your players too. Kill chambers on farms and villagers locked to their workstations fix more lag than any setting.

## Give Java the right amount of memory

More memory is not automatically faster. Java needs enough to hold the loaded world with room to work, but a heap that is far too big means longer garbage collection pauses, and those show up as lag spikes. Set the same value for the minimum and maximum heap (`-Xms` and `-Xmx`), leave some of your plan’s memory for Java itself, and use the widely shared Aikar’s flags, which tune the garbage collector for Minecraft.

As a rule of thumb, a handful of friends on Paper are happy on 2 GB. A public survival server with 20 to 40 players and a dozen plugins is comfortable on 4 GB, which is why it is our recommended Minecraft plan. Big modpacks are the exception: many want 6 to 8 GB before a single player joins.

## Audit your plugins

Every plugin is code that may run on every tick. The spark report shows plugins next to the time they use, which makes it easy to spot the one checking every player’s inventory twenty times a second. Remove what you no longer use and keep the rest updated.

## When it is time to upgrade

If MSPT stays high after all of this, and the profiler shows the time spread across normal gameplay rather than one culprit, your community has outgrown its plan. Open a ticket and we will help you move your world to a bigger one. Whatever you change, work the same way every time: measure, change one thing, then measure again.$sp$, 'published', '2026-10-27T09:00:00Z', true, 0, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'news', $sp$start-a-fivem-roleplay-community$sp$, 'en', NULL, $sp$Starting a FiveM Roleplay Community: The First 30 Days$sp$, $sp$A good RP server is a community first and a script collection second. A week-by-week plan for your first month, from the license key to a packed opening night.$sp$, $sp$Most FiveM roleplay servers that fail do not fail because of their scripts. They fail because the owner spent three months building the perfect city, opened the doors, and found nobody had a reason to stay. Here is a plan for your first month that builds the community and the server side by side.

## Week one: decide what your city is

Before you install anything, write one paragraph that describes your server. Serious or casual roleplay? Whitelisted or open to everyone? Built around crime, emergency services or a small-town economy? Which time zone are your peak hours in? That paragraph becomes your Discord description and your server listing, and it is the test you apply to every script and rule you add later.

Then write your rules. Keep them short and cover what starts most arguments: fail RP, random deathmatch, vehicle deathmatch, metagaming and powergaming. Explain each one in plain words with an example, because new players may not know the jargon yet.

## Week one: set up the server

You need a license key from the Cfx.re portal and a server running a recent recommended FXServer build. txAdmin, the web panel that comes with FXServer, walks you through the rest: it deploys a framework recipe, asks for your database details and writes a working `server.cfg`.

Pick one framework and commit to it. ESX, QBCore and Qbox each power thousands of servers, with their own ecosystems of jobs, inventories and phones. Mixing scripts from different frameworks through compatibility bridges works right up until it does not, usually at two in the morning on your busiest night.

In `server.cfg`, set `sv_projectName` and `sv_projectDesc` so your listing says what your city is about, add tags that match it, and set `sv_maxclients` to the number of players your staff can actually look after, not the highest number you are allowed.

## Week two: fewer scripts, better scripts

It is tempting to install a hundred resources on day one. Resist it. Every resource costs performance, and every one you add is another thing that can break when your framework updates. Start with the core: the framework, an inventory, a phone, a handful of legal jobs, one or two criminal activities, and your emergency services.

Test every script before it goes live. Join your server, open the console with F8 and run `resmon 1` to see how much time each resource takes. Well-written resources idle at a few hundredths of a millisecond. Anything that sits high while nothing is happening is a problem you will feel when forty players are online.

Only get scripts from their authors or their official stores. Leaked paid scripts are a favourite hiding place for backdoors, and running them breaks the platform’s rules.

## Week three: build your staff team

You cannot moderate a city alone. Before you open, recruit two or three people you trust and write down what each staff rank may do: who can teleport, who can ban, who handles appeals. txAdmin keeps a history of warnings, kicks and bans for every player, which makes it much easier to stay consistent, and consistency is what players remember: the same rule, applied the same way, to friends and strangers alike.

## Week three: your Discord is your front door

Players find RP servers through Discord far more often than through the server browser. Set up channels for announcements, rules, support and whitelist applications, plus channels that give people a taste of the city: character stories, screenshots and clips. If you run a whitelist, keep the application short. Five honest questions tell you more than a twenty-question essay nobody finishes.

## Week four: open small, and on a schedule

Launch with a planned opening night, announced a week ahead, at peak time for the players you want. A city with fifteen active players feels alive; a city built for two hundred with fifteen players in it feels empty. Run events in the first weeks, such as a car meet, a bank job or a court case, so newcomers have something to join instead of driving around alone.

After you open, listen. Keep a suggestions channel, actually read it, and tell players what you changed and why. Communities grow when people feel the city is partly theirs.

## Hardware that grows with you

FXServer itself is light, but frameworks, databases and dozens of resources add up. A 4 GB plan is a comfortable start for a new city with a lean script list, and the 8 GB plan we recommend for most cities leaves headroom for event nights, when everyone is online at once. Choose a location close to most of your players, because in a game built around driving and shooting, every millisecond of ping shows.$sp$, 'published', '2026-10-13T09:00:00Z', true, 0, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z'),
(gen_random_uuid(), 'news', $sp$palworld-dedicated-server-setup$sp$, 'en', NULL, $sp$Palworld Dedicated Server Setup: The Settings That Matter$sp$, $sp$From first launch to a world your friends keep coming back to: where the config file lives, which settings are worth changing, admin commands, and the habits that keep a long-running world healthy.$sp$, $sp$A dedicated server is the best way to play Palworld with friends. The world keeps going when the host logs off, everyone gets the same performance, and you choose the rules. This guide covers the settings worth changing and the habits that keep a world healthy for months.

## Before you start

Pick a location close to most of your players, and give the server enough memory. Palworld is hungry: a world with big bases full of working Pals uses more memory the longer it runs. Four gigabytes is enough for a few friends starting out, and the 8 GB plan we recommend carries a full group with established bases comfortably.

Players connect with your server’s address and port. Palworld uses port 8211 over UDP by default. In the game, choose to join a multiplayer game, type the address into the box at the bottom of the server list, and connect.

## Where the settings live

Palworld reads its settings from `PalWorldSettings.ini`, in the `Pal/Saved/Config/LinuxServer` folder on a Linux server (`WindowsServer` on Windows). On a fresh server that file is empty. The full list of options and their defaults is in `DefaultPalWorldSettings.ini` in the server’s main folder: copy its contents into `PalWorldSettings.ini` and edit from there.

Two things catch almost everyone out. First, every option sits on one very long line that starts with `OptionSettings=`, separated by commas, so a single missing comma or bracket can break the whole file. Second, stop the server before you edit. Changes made while it is running can be lost when it shuts down.

## Settings worth changing

Most groups only ever need to touch these:

- `ServerName` and `ServerDescription`: what players see in the server list.
- `ServerPassword`: set one unless you want strangers in your world. Players type it when they join.
- `AdminPassword`: unlocks admin commands in game. Make it different from the server password.
- `ExpRate` and `PalCaptureRate`: raise them for a faster, more relaxed game, or leave them at 1.0 for the intended pace.
- `DeathPenalty`: what you drop when you die, from None through Item and ItemAndEquipment to All. Casual groups usually pick Item.
- `DayTimeSpeedRate` and `NightTimeSpeedRate`: lower the night rate if your group is tired of waiting out the dark.
- `bEnableInvaderEnemy`: turns raids on your bases on or off.
- `ServerPlayerMaxNum`: the most players allowed online at once.
- `BaseCampWorkerMaxNum`: how many Pals can work at each base. Higher numbers look impressive but cost performance, so raise it slowly.

## Change a little at a time

Start close to the defaults and change two or three settings at once, not twenty. A world tuned too generously gets boring fast, and some changes are hard to undo once players have progressed. Write down what you changed and why, so you can roll back if the group is unhappy.

## Admin commands

With `AdminPassword` set, open chat in game and type `/AdminPassword` followed by the password to become an admin. `/ShowPlayers` lists who is online along with their IDs, `/KickPlayer` and `/BanPlayer` take one of those IDs to deal with trouble, `/Broadcast` sends a message to everyone, and `/Save` writes the world to disk straight away. Use `/Shutdown` with a number of seconds and a message to warn players before a restart.

## Keep a long-running world healthy

Palworld servers are happiest with a regular restart. Memory use creeps up over long sessions, and a restart once or twice a day clears it. Pick a quiet hour, warn players with `/Shutdown` rather than pulling the plug, and set it up as a scheduled restart from your dashboard so you never have to remember.

Back up the world before every game update and every big settings change. Your save lives in `Pal/Saved/SaveGames`, and a backup from an hour ago turns a corrupted world into a minor annoyance. With the automatic backups add-on, a backup is taken every day and kept for seven days.

Update promptly, too. Players’ games update automatically, and a server running an older version turns them away until it catches up.

## Give people a reason to log in

Settings and hardware are the easy part. What makes a world last is a shared goal: a tower boss to beat together, a base-building contest, a trading post in the middle of the map. Give your group a reason to come back, and the server will take care of the rest.$sp$, 'published', '2026-09-29T09:00:00Z', true, 0, NULL, '2026-11-26T00:00:00Z', '2026-11-26T00:00:00Z')
ON CONFLICT DO NOTHING;
