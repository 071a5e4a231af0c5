import { SSD_STEP_GB, type Catalog } from '../../../shared/catalog';
import type { AddonDelivery, PackDelivery } from '../../../shared/delivery';
import { AUTOMATIC_BACKUP_DAYS } from '../../integrations/panel/backup-policy';
import { itemKey, type CatalogDraft, type CatalogSection } from '../../../shared/catalog-draft';
import { translatedFields } from '../../../shared/catalog-texts';
import { canonical } from '../../../shared/catalog-rules';
import { sampleTranslations } from './catalog-default-translations';

/**
 * The checked-in default catalog, saved as catalog version 1 into an empty database. Figures
 * follow the spec's configurator plans and product-decisions.md section 2. The essentials pack's
 * slug depends on the brand, so it is filled in when the catalog is served. Every add-on and pack
 * does what it says (decision 058): the Discord and analytics add-ons the spec lists are not sold.
 */
const seed: Omit<Catalog, 'packs' | 'addons' | 'currency'> & {
  addons: (Catalog['addons'][number] & { delivery: AddonDelivery })[];
  packs: (Omit<Catalog['packs'][number], 'slug'> & { delivery: PackDelivery })[];
} = {
  games: [
    { slug: 'minecraft', name: 'Minecraft', tagline: 'Java & Bedrock worlds, modpacks and plugins', playerCap: 10, sort: 1 },
    { slug: 'fivem', name: 'FiveM', tagline: 'GTA V roleplay servers with your own resources', playerCap: 32, sort: 2 },
    { slug: 'palworld', name: 'Palworld', tagline: 'Dedicated Palworld worlds for you and your crew', playerCap: 8, sort: 3 },
  ],
  plans: [
    { id: 'minecraft-1gb', game: 'minecraft', name: '1GB', ramGb: 1, vcpu: 0.5, diskGb: 10, priceCents: 350, description: 'A small vanilla world for a few friends', recommended: false, sort: 1 },
    { id: 'minecraft-2gb', game: 'minecraft', name: '2GB', ramGb: 2, vcpu: 1, diskGb: 20, priceCents: 700, description: 'Vanilla or light plugins for a growing group', recommended: false, sort: 2 },
    { id: 'minecraft-4gb', game: 'minecraft', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 40, priceCents: 1400, description: 'Plugins, light modpacks and a busy community', recommended: true, sort: 3 },
    { id: 'minecraft-8gb', game: 'minecraft', name: '8GB', ramGb: 8, vcpu: 4, diskGb: 80, priceCents: 2800, description: 'Heavy modpacks and large player counts', recommended: false, sort: 4 },
    { id: 'fivem-2gb', game: 'fivem', name: '2GB', ramGb: 2, vcpu: 1, diskGb: 15, priceCents: 650, description: 'A test server or a small private crew', recommended: false, sort: 1 },
    { id: 'fivem-4gb', game: 'fivem', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 30, priceCents: 1250, description: 'A starter roleplay city with core resources', recommended: false, sort: 2 },
    { id: 'fivem-6gb', game: 'fivem', name: '6GB', ramGb: 6, vcpu: 3, diskGb: 45, priceCents: 1850, description: 'An established city with custom scripts', recommended: false, sort: 3 },
    { id: 'fivem-8gb', game: 'fivem', name: '8GB', ramGb: 8, vcpu: 4, diskGb: 60, priceCents: 2450, description: 'A full roleplay community with heavy resources', recommended: true, sort: 4 },
    { id: 'palworld-4gb', game: 'palworld', name: '4GB', ramGb: 4, vcpu: 2, diskGb: 25, priceCents: 1200, description: 'A small co-op world', recommended: false, sort: 1 },
    { id: 'palworld-8gb', game: 'palworld', name: '8GB', ramGb: 8, vcpu: 4, diskGb: 50, priceCents: 2400, description: 'A smooth world for a full party', recommended: true, sort: 2 },
    { id: 'palworld-16gb', game: 'palworld', name: '16GB', ramGb: 16, vcpu: 8, diskGb: 100, priceCents: 4800, description: 'Large bases, long sessions, no lag spikes', recommended: false, sort: 3 },
  ],
  addons: [
    {
      key: 'automatic-backups',
      name: 'Automatic Backups',
      description: 'A backup every day, kept for 7 days',
      priceCents: 299,
      maxQuantity: 1,
      sort: 1,
      delivery: { type: 'panel', resource: 'backups', amount: AUTOMATIC_BACKUP_DAYS },
    },
    {
      key: 'additional-ssd',
      name: 'Additional SSD',
      description: '+50GB of NVMe storage per step',
      priceCents: 250,
      maxQuantity: 20,
      sort: 4,
      delivery: { type: 'panel', resource: 'disk', amount: SSD_STEP_GB },
    },
  ],
  periods: [
    { value: 'monthly', label: 'Monthly', months: 1, discountPercent: 0, sort: 1 },
    { value: '3months', label: '3 Months', months: 3, discountPercent: 5, sort: 2 },
    { value: '6months', label: '6 Months', months: 6, discountPercent: 10, sort: 3 },
    { value: '12months', label: '12 Months', months: 12, discountPercent: 20, sort: 4 },
  ],
  locations: [
    { value: 'us-west', label: 'US West (California)', sort: 1 },
    { value: 'us-east', label: 'US East (Virginia)', sort: 2 },
    { value: 'eu-west', label: 'EU West (Amsterdam)', sort: 3 },
    { value: 'asia-pacific', label: 'Asia Pacific (Singapore)', sort: 4 },
  ],
  packs: [
    {
      id: 'essentials',
      name: 'Essentials',
      priceCents: 699,
      tagline: 'Our team sets up what every server ends up needing',
      highlights: [
        { title: 'Set Up For You', text: 'Tell us which plugins, mods or resources you want; our team installs and configures them.' },
        { title: 'Settings Review', text: 'A staff member goes through your server settings and tells you what to change.' },
        { title: 'Restore Help', text: 'We restore a backup with you and check that the world loads.' },
      ],
      features: [
        'Plugins, mods or resources installed and configured by our team',
        'A review of your server settings, with what to change',
        'A backup restored with you, checked before we hand it back',
        'For any server on your account',
        'Each request followed in your dashboard until it is done',
      ],
      sort: 1,
      delivery: { type: 'manual' },
    },
    {
      id: 'game-expansion-pack',
      name: 'Game Expansion Pack',
      priceCents: 1499,
      tagline: 'Bring your world, map or framework over, and our team does the moving',
      highlights: [
        { title: 'Migration', text: 'We move a world, map or resource set from another host onto your server.' },
        { title: 'Modpacks And Frameworks', text: 'Forge, Fabric, ESX or QBCore installed for you.' },
        { title: 'Checked Before Hand-Over', text: 'We start the server and check that players can join.' },
      ],
      features: [
        'A world, map or resource set moved from another host by our team',
        'A modpack or framework (Forge, Fabric, ESX, QBCore) installed for you',
        'A start-up check that players can join before we hand it back',
        'For any server on your account',
        'Each request followed in your dashboard until it is done',
      ],
      sort: 2,
      delivery: { type: 'manual' },
    },
    {
      id: 'community-pack',
      name: 'Community Pack',
      priceCents: 499,
      tagline: 'Your tickets go to the front of the queue',
      highlights: [
        { title: 'Priority Support', text: 'Your tickets are answered before the rest of the queue.' },
        { title: 'Every Server', text: 'It covers every server on your account.' },
        { title: 'On At Once', text: 'It starts as soon as the payment clears and lasts the month paid.' },
      ],
      features: [
        'Priority support: your tickets go to the front of the staff queue',
        'Covers every server on your account',
        'Starts as soon as the payment clears',
        'Lasts the month you paid for',
      ],
      sort: 3,
      delivery: { type: 'priority-support' },
    },
  ],
};

/** The seed as the storefront shows it (before the brand's pack slug): each plan with its game's player cap. */
export const defaultCatalog: typeof seed = {
  ...seed,
  plans: seed.plans.map((p) => ({ ...p, playerCap: seed.games.find((g) => g.slug === p.game)?.playerCap ?? 0 })),
};

/**
 * The Minecraft software 'Change software' offers. A catalog saved before software was part of it
 * reads as having this list (catalog.repository.ts), so existing installs offer it too.
 */
export const defaultSoftware: CatalogDraft['software'] = [
  {
    id: 'vanilla',
    game: 'minecraft',
    name: 'Vanilla',
    description: "Mojang's own server, exactly as the game ships",
    versions: ['1.21.4', '1.21.1', '1.20.6', '1.20.1'],
    recommendedRamGb: 2,
    sort: 1,
    hidden: false,
  },
  {
    id: 'paper',
    game: 'minecraft',
    name: 'Paper',
    description: 'A faster server that runs Bukkit and Spigot plugins',
    versions: ['1.21.4', '1.21.1', '1.20.6', '1.20.4'],
    recommendedRamGb: 2,
    sort: 2,
    hidden: false,
  },
  {
    id: 'fabric',
    game: 'minecraft',
    name: 'Fabric',
    description: 'A lightweight mod loader for Fabric mods',
    versions: ['1.21.4', '1.21.1', '1.20.6', '1.20.1'],
    recommendedRamGb: 4,
    sort: 3,
    hidden: false,
  },
  {
    id: 'forge',
    game: 'minecraft',
    name: 'Forge',
    description: 'The classic mod loader for large modpacks',
    versions: ['1.21.1', '1.20.1', '1.19.2', '1.18.2'],
    recommendedRamGb: 6,
    sort: 4,
    hidden: false,
  },
];

/** An item of the seed with its texts in the other shipped languages (catalog-default-translations.ts). */
function translated<T extends object>(section: keyof typeof sampleTranslations, key: string, item: T): T {
  const translations = sampleTranslations[section][key];
  return translations ? { ...item, translations } : item;
}

/** The seed as catalog version 1 stores it: nothing hidden, no location limits or panel mapping, its texts in every shipped language. */
export const defaultCatalogDraft: CatalogDraft = {
  games: defaultCatalog.games.map((g) => translated('games', g.slug, { ...g, hidden: false })),
  plans: defaultCatalog.plans.map((p) => translated('plans', p.id, { ...p, playerCap: p.playerCap ?? 0, hidden: false })),
  addons: defaultCatalog.addons.map((a) => translated('addons', a.key, { ...a, hidden: false })),
  periods: defaultCatalog.periods.map((p) => ({ ...p, hidden: false })),
  locations: defaultCatalog.locations.map((l) => translated('locations', l.value, { ...l, hidden: false, capacity: null, panelLocation: null })),
  packs: defaultCatalog.packs.map((p) => translated('packs', p.id, { ...p, hidden: false })),
  software: defaultSoftware.map((s) => translated('software', s.id, s)),
};

/**
 * A catalog saved before its texts could be translated (decision 077): each item still carrying
 * the sample's own words, and no translations of its own, reads as having the sample's
 * translations, so an existing shop's German pages are German too. Saving it keeps them; an
 * item whose words staff changed, or whose translations staff cleared, is left as it is.
 */
export function withSampleTranslations(draft: CatalogDraft): CatalogDraft {
  const fill = <S extends CatalogSection>(section: S): CatalogDraft[S] => {
    const sample = new Map((defaultCatalogDraft[section] as CatalogDraft[S][number][]).map((i) => [itemKey(section, i), i]));
    return (draft[section] as CatalogDraft[S][number][]).map((item) => {
      const seed = sample.get(itemKey(section, item)) as (CatalogDraft[S][number] & { translations?: object }) | undefined;
      if ('translations' in item || !seed?.translations) return item;
      const fields = translatedFields[section] as readonly string[];
      // jsonb hands objects back with its own key order (a pack's highlights): compared with keys sorted.
      const same = fields.every((f) => canonical((item as unknown as Record<string, unknown>)[f]) === canonical((seed as unknown as Record<string, unknown>)[f]));
      return same ? { ...item, translations: seed.translations } : item;
    }) as CatalogDraft[S];
  };
  return {
    ...draft,
    games: fill('games'),
    plans: fill('plans'),
    addons: fill('addons'),
    locations: fill('locations'),
    packs: fill('packs'),
    software: Array.isArray(draft.software) ? fill('software') : draft.software,
  };
}
