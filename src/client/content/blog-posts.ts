/**
 * The full text of each blog post, keyed by slug. The list and metadata live in blog-index.ts.
 * Text between backticks is shown as code: commands, file names and settings.
 */
export interface BlogSection {
  heading?: string;
  paragraphs: string[];
  /** A bullet list shown after the paragraphs. */
  list?: string[];
}

const minecraft: BlogSection[] = [
  {
    paragraphs: [
      'Every Minecraft server owner hears it sooner or later: "the server is lagging." Players use that word for three different problems, each with a different fix, so work out which one you have before you change a single setting.',
    ],
  },
  {
    heading: 'Three kinds of lag',
    paragraphs: ['When a player says lag, they mean one of these:'],
    list: [
      'Server lag: the whole world slows down for everyone at once. Mobs freeze and then jump, blocks take a moment to break, furnaces crawl. The server is failing to keep up, and that is what this guide is about.',
      'Network lag: one player rubber-bands while everyone else is fine. That is the route between that player and the server, and the usual fix is a server location closer to most of your players.',
      'Client lag: the game stutters on one screen. That is the player’s own computer, and shaders, render distance or a heavy resource pack are the usual suspects.',
    ],
  },
  {
    heading: 'Measure first: TPS and MSPT',
    paragraphs: [
      'A Minecraft server runs the world in ticks, 20 of them every second, so each tick has a budget of 50 milliseconds. As long as the average tick takes less than that (milliseconds per tick, or MSPT), you run at a full 20 TPS and the game feels smooth. Once ticks take longer than 50 ms, TPS drops and everything slows down.',
      'Install the spark plugin or mod and run `/spark tps` to see both numbers. If MSPT sits comfortably below 50, the server is healthy and complaints are probably network or client lag. If it climbs past 50, run `/spark profiler start` while players are online, wait a few minutes, then run `/spark profiler stop`. You get a link to a report that shows exactly which entities, chunks and plugins are eating your tick.',
    ],
  },
  {
    heading: 'Run a faster server',
    paragraphs: [
      'If you are still on the vanilla server jar, switching to Paper is the biggest single improvement you can make. It keeps your world, fixes many of vanilla’s slow paths, and adds settings vanilla does not let you touch. Some technical redstone tricks behave differently, so check with your builders and take a backup before you switch.',
      'Modded servers get a similar boost from performance mods such as Lithium and FerriteCore, which speed up game logic and cut memory use without changing how the game plays.',
    ],
  },
  {
    heading: 'Simulation distance matters more than view distance',
    paragraphs: [
      'Two settings in `server.properties` matter more than any others. `view-distance` decides how many chunks are sent to players to look at. `simulation-distance` decides how many chunks around each player are actually ticked: mobs moving, crops growing, redstone firing. Simulation is where the cost is.',
      'A view distance of 8 to 10 with a simulation distance of 5 or 6 is a good starting point for most survival servers. The world still looks wide open, but the server only does the hard work close to players.',
    ],
  },
  {
    heading: 'Pre-generate your world',
    paragraphs: [
      'Generating new terrain is one of the most expensive things a server does, and players on elytra can generate hundreds of chunks a minute. Set a world border and generate everything inside it before you open. The Chunky plugin does this with `/chunky radius 5000` followed by `/chunky start`. Run it overnight while nobody is online, and exploring becomes almost free.',
    ],
  },
  {
    heading: 'Keep entities in check',
    paragraphs: [
      'Most lag on busy survival servers traces back to entities: mob farms that never stop, hundreds of dropped items, or a trading hall where every villager pathfinds every tick. The Spigot and Paper configuration files let you merge dropped items and experience orbs over a wider radius, limit how many arrows and similar entities a chunk keeps, and update mobs far from players less often.',
      'Talk to your players too. Kill chambers on farms and villagers locked to their workstations fix more lag than any setting.',
    ],
  },
  {
    heading: 'Give Java the right amount of memory',
    paragraphs: [
      'More memory is not automatically faster. Java needs enough to hold the loaded world with room to work, but a heap that is far too big means longer garbage collection pauses, and those show up as lag spikes. Set the same value for the minimum and maximum heap (`-Xms` and `-Xmx`), leave some of your plan’s memory for Java itself, and use the widely shared Aikar’s flags, which tune the garbage collector for Minecraft.',
      'As a rule of thumb, a handful of friends on Paper are happy on 2 GB. A public survival server with 20 to 40 players and a dozen plugins is comfortable on 4 GB, which is why it is our recommended Minecraft plan. Big modpacks are the exception: many want 6 to 8 GB before a single player joins.',
    ],
  },
  {
    heading: 'Audit your plugins',
    paragraphs: [
      'Every plugin is code that may run on every tick. The spark report shows plugins next to the time they use, which makes it easy to spot the one checking every player’s inventory twenty times a second. Remove what you no longer use and keep the rest updated.',
    ],
  },
  {
    heading: 'When it is time to upgrade',
    paragraphs: [
      'If MSPT stays high after all of this, and the profiler shows the time spread across normal gameplay rather than one culprit, your community has outgrown its plan. Open a ticket and we will help you move your world to a bigger one. Whatever you change, work the same way every time: measure, change one thing, then measure again.',
    ],
  },
];

const fivem: BlogSection[] = [
  {
    paragraphs: [
      'Most FiveM roleplay servers that fail do not fail because of their scripts. They fail because the owner spent three months building the perfect city, opened the doors, and found nobody had a reason to stay. Here is a plan for your first month that builds the community and the server side by side.',
    ],
  },
  {
    heading: 'Week one: decide what your city is',
    paragraphs: [
      'Before you install anything, write one paragraph that describes your server. Serious or casual roleplay? Whitelisted or open to everyone? Built around crime, emergency services or a small-town economy? Which time zone are your peak hours in? That paragraph becomes your Discord description and your server listing, and it is the test you apply to every script and rule you add later.',
      'Then write your rules. Keep them short and cover what starts most arguments: fail RP, random deathmatch, vehicle deathmatch, metagaming and powergaming. Explain each one in plain words with an example, because new players may not know the jargon yet.',
    ],
  },
  {
    heading: 'Week one: set up the server',
    paragraphs: [
      'You need a license key from the Cfx.re portal and a server running a recent recommended FXServer build. txAdmin, the web panel that comes with FXServer, walks you through the rest: it deploys a framework recipe, asks for your database details and writes a working `server.cfg`.',
      'Pick one framework and commit to it. ESX, QBCore and Qbox each power thousands of servers, with their own ecosystems of jobs, inventories and phones. Mixing scripts from different frameworks through compatibility bridges works right up until it does not, usually at two in the morning on your busiest night.',
      'In `server.cfg`, set `sv_projectName` and `sv_projectDesc` so your listing says what your city is about, add tags that match it, and set `sv_maxclients` to the number of players your staff can actually look after, not the highest number you are allowed.',
    ],
  },
  {
    heading: 'Week two: fewer scripts, better scripts',
    paragraphs: [
      'It is tempting to install a hundred resources on day one. Resist it. Every resource costs performance, and every one you add is another thing that can break when your framework updates. Start with the core: the framework, an inventory, a phone, a handful of legal jobs, one or two criminal activities, and your emergency services.',
      'Test every script before it goes live. Join your server, open the console with F8 and run `resmon 1` to see how much time each resource takes. Well-written resources idle at a few hundredths of a millisecond. Anything that sits high while nothing is happening is a problem you will feel when forty players are online.',
      'Only get scripts from their authors or their official stores. Leaked paid scripts are a favourite hiding place for backdoors, and running them breaks the platform’s rules.',
    ],
  },
  {
    heading: 'Week three: build your staff team',
    paragraphs: [
      'You cannot moderate a city alone. Before you open, recruit two or three people you trust and write down what each staff rank may do: who can teleport, who can ban, who handles appeals. txAdmin keeps a history of warnings, kicks and bans for every player, which makes it much easier to stay consistent, and consistency is what players remember: the same rule, applied the same way, to friends and strangers alike.',
    ],
  },
  {
    heading: 'Week three: your Discord is your front door',
    paragraphs: [
      'Players find RP servers through Discord far more often than through the server browser. Set up channels for announcements, rules, support and whitelist applications, plus channels that give people a taste of the city: character stories, screenshots and clips. If you run a whitelist, keep the application short. Five honest questions tell you more than a twenty-question essay nobody finishes.',
    ],
  },
  {
    heading: 'Week four: open small, and on a schedule',
    paragraphs: [
      'Launch with a planned opening night, announced a week ahead, at peak time for the players you want. A city with fifteen active players feels alive; a city built for two hundred with fifteen players in it feels empty. Run events in the first weeks, such as a car meet, a bank job or a court case, so newcomers have something to join instead of driving around alone.',
      'After you open, listen. Keep a suggestions channel, actually read it, and tell players what you changed and why. Communities grow when people feel the city is partly theirs.',
    ],
  },
  {
    heading: 'Hardware that grows with you',
    paragraphs: [
      'FXServer itself is light, but frameworks, databases and dozens of resources add up. A 4 GB plan is a comfortable start for a new city with a lean script list, and the 8 GB plan we recommend for most cities leaves headroom for event nights, when everyone is online at once. Choose a location close to most of your players, because in a game built around driving and shooting, every millisecond of ping shows.',
    ],
  },
];

const palworld: BlogSection[] = [
  {
    paragraphs: [
      'A dedicated server is the best way to play Palworld with friends. The world keeps going when the host logs off, everyone gets the same performance, and you choose the rules. This guide covers the settings worth changing and the habits that keep a world healthy for months.',
    ],
  },
  {
    heading: 'Before you start',
    paragraphs: [
      'Pick a location close to most of your players, and give the server enough memory. Palworld is hungry: a world with big bases full of working Pals uses more memory the longer it runs. Four gigabytes is enough for a few friends starting out, and the 8 GB plan we recommend carries a full group with established bases comfortably.',
      'Players connect with your server’s address and port. Palworld uses port 8211 over UDP by default. In the game, choose to join a multiplayer game, type the address into the box at the bottom of the server list, and connect.',
    ],
  },
  {
    heading: 'Where the settings live',
    paragraphs: [
      'Palworld reads its settings from `PalWorldSettings.ini`, in the `Pal/Saved/Config/LinuxServer` folder on a Linux server (`WindowsServer` on Windows). On a fresh server that file is empty. The full list of options and their defaults is in `DefaultPalWorldSettings.ini` in the server’s main folder: copy its contents into `PalWorldSettings.ini` and edit from there.',
      'Two things catch almost everyone out. First, every option sits on one very long line that starts with `OptionSettings=`, separated by commas, so a single missing comma or bracket can break the whole file. Second, stop the server before you edit. Changes made while it is running can be lost when it shuts down.',
    ],
  },
  {
    heading: 'Settings worth changing',
    paragraphs: ['Most groups only ever need to touch these:'],
    list: [
      '`ServerName` and `ServerDescription`: what players see in the server list.',
      '`ServerPassword`: set one unless you want strangers in your world. Players type it when they join.',
      '`AdminPassword`: unlocks admin commands in game. Make it different from the server password.',
      '`ExpRate` and `PalCaptureRate`: raise them for a faster, more relaxed game, or leave them at 1.0 for the intended pace.',
      '`DeathPenalty`: what you drop when you die, from None through Item and ItemAndEquipment to All. Casual groups usually pick Item.',
      '`DayTimeSpeedRate` and `NightTimeSpeedRate`: lower the night rate if your group is tired of waiting out the dark.',
      '`bEnableInvaderEnemy`: turns raids on your bases on or off.',
      '`ServerPlayerMaxNum`: the most players allowed online at once.',
      '`BaseCampWorkerMaxNum`: how many Pals can work at each base. Higher numbers look impressive but cost performance, so raise it slowly.',
    ],
  },
  {
    heading: 'Change a little at a time',
    paragraphs: [
      'Start close to the defaults and change two or three settings at once, not twenty. A world tuned too generously gets boring fast, and some changes are hard to undo once players have progressed. Write down what you changed and why, so you can roll back if the group is unhappy.',
    ],
  },
  {
    heading: 'Admin commands',
    paragraphs: [
      'With `AdminPassword` set, open chat in game and type `/AdminPassword` followed by the password to become an admin. `/ShowPlayers` lists who is online along with their IDs, `/KickPlayer` and `/BanPlayer` take one of those IDs to deal with trouble, `/Broadcast` sends a message to everyone, and `/Save` writes the world to disk straight away. Use `/Shutdown` with a number of seconds and a message to warn players before a restart.',
    ],
  },
  {
    heading: 'Keep a long-running world healthy',
    paragraphs: [
      'Palworld servers are happiest with a regular restart. Memory use creeps up over long sessions, and a restart once or twice a day clears it. Pick a quiet hour, warn players with `/Shutdown` rather than pulling the plug, and set it up as a scheduled restart from your dashboard so you never have to remember.',
      'Back up the world before every game update and every big settings change. Your save lives in `Pal/Saved/SaveGames`, and a backup from an hour ago turns a corrupted world into a minor annoyance. With the automatic backups add-on, a backup is taken every day and kept for seven days.',
      'Update promptly, too. Players’ games update automatically, and a server running an older version turns them away until it catches up.',
    ],
  },
  {
    heading: 'Give people a reason to log in',
    paragraphs: [
      'Settings and hardware are the easy part. What makes a world last is a shared goal: a tower boss to beat together, a base-building contest, a trading post in the middle of the map. Give your group a reason to come back, and the server will take care of the rest.',
    ],
  },
];

export const blogBodies: Record<string, BlogSection[]> = {
  'minecraft-server-lag-guide': minecraft,
  'start-a-fivem-roleplay-community': fivem,
  'palworld-dedicated-server-setup': palworld,
};
