/** The home page as it ships: sample text, shown as such to staff until they write their own. */
export const homeSample = `# Deploy your custom game server in seconds

Minecraft, FiveM and Palworld servers, set up the moment you pay and looked after by {{shop.name}}.

## DDoS Protection

Filtering in front of every server, so a grudge with a script does not end your game night.

## Support from people who play

Stuck on a plugin, a mod conflict or a crash loop? Open a ticket and talk to someone who knows.

## Uptime backed in writing

Our Service Level Agreement says what we guarantee and the credit you get when we fall short.
`;
