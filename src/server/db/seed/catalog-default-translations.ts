import type { AddonTexts, GameTexts, LabelTexts, PackTexts, PlanTexts, SoftwareTexts, Translations } from '../../../shared/catalog-texts';

/**
 * The sample catalog's texts in the other shipped languages (decision 077), by item key. The
 * shop's own (base) texts in catalog-default.ts are English. Period names are left out: the
 * shipped ones are already named in the reader's language (shared/line-text.ts periodName).
 */
export const sampleTranslations: {
  games: Record<string, Translations<GameTexts>>;
  plans: Record<string, Translations<PlanTexts>>;
  addons: Record<string, Translations<AddonTexts>>;
  locations: Record<string, Translations<LabelTexts>>;
  packs: Record<string, Translations<PackTexts>>;
  software: Record<string, Translations<SoftwareTexts>>;
} = {
  games: {
    minecraft: {
      de: { tagline: 'Java- und Bedrock-Welten, Modpacks und Plugins' },
      fr: { tagline: 'Mondes Java et Bedrock, modpacks et plugins' },
      es: { tagline: 'Mundos Java y Bedrock, modpacks y plugins' },
      'pt-BR': { tagline: 'Mundos Java e Bedrock, modpacks e plugins' },
    },
    fivem: {
      de: { tagline: 'GTA-V-Roleplay-Server mit Ihren eigenen Ressourcen' },
      fr: { tagline: 'Serveurs de roleplay GTA V avec vos propres ressources' },
      es: { tagline: 'Servidores de rol de GTA V con sus propios recursos' },
      'pt-BR': { tagline: 'Servidores de roleplay de GTA V com seus próprios recursos' },
    },
    palworld: {
      de: { tagline: 'Eigene Palworld-Welten für Sie und Ihre Crew' },
      fr: { tagline: 'Des mondes Palworld dédiés, pour vous et votre équipe' },
      es: { tagline: 'Mundos de Palworld dedicados para usted y su equipo' },
      'pt-BR': { tagline: 'Mundos dedicados de Palworld para você e sua turma' },
    },
  },
  plans: {
    'minecraft-1gb': {
      de: { description: 'Eine kleine Vanilla-Welt für ein paar Freunde' },
      fr: { description: 'Un petit monde vanilla pour quelques amis' },
      es: { description: 'Un pequeño mundo vanilla para unos pocos amigos' },
      'pt-BR': { description: 'Um pequeno mundo vanilla para alguns amigos' },
    },
    'minecraft-2gb': {
      de: { description: 'Vanilla oder ein paar Plugins für eine wachsende Gruppe' },
      fr: { description: 'Vanilla ou quelques plugins pour un groupe qui grandit' },
      es: { description: 'Vanilla o algunos plugins para un grupo que crece' },
      'pt-BR': { description: 'Vanilla ou alguns plugins para um grupo que está crescendo' },
    },
    'minecraft-4gb': {
      de: { description: 'Plugins, leichte Modpacks und eine lebhafte Community' },
      fr: { description: 'Plugins, modpacks légers et une communauté animée' },
      es: { description: 'Plugins, modpacks ligeros y una comunidad activa' },
      'pt-BR': { description: 'Plugins, modpacks leves e uma comunidade movimentada' },
    },
    'minecraft-8gb': {
      de: { description: 'Große Modpacks und viele Spieler' },
      fr: { description: 'Gros modpacks et nombreux joueurs' },
      es: { description: 'Modpacks pesados y muchos jugadores' },
      'pt-BR': { description: 'Modpacks pesados e muitos jogadores' },
    },
    'fivem-2gb': {
      de: { description: 'Ein Testserver oder eine kleine private Crew' },
      fr: { description: 'Un serveur de test ou une petite équipe privée' },
      es: { description: 'Un servidor de pruebas o un grupo privado pequeño' },
      'pt-BR': { description: 'Um servidor de testes ou uma pequena turma privada' },
    },
    'fivem-4gb': {
      de: { description: 'Eine Roleplay-Stadt für den Anfang, mit den wichtigsten Ressourcen' },
      fr: { description: 'Une première ville de roleplay avec les ressources essentielles' },
      es: { description: 'Una primera ciudad de rol con los recursos básicos' },
      'pt-BR': { description: 'Uma cidade de roleplay para começar, com os recursos essenciais' },
    },
    'fivem-6gb': {
      de: { description: 'Eine etablierte Stadt mit eigenen Skripten' },
      fr: { description: 'Une ville bien établie avec vos propres scripts' },
      es: { description: 'Una ciudad consolidada con scripts propios' },
      'pt-BR': { description: 'Uma cidade consolidada com scripts próprios' },
    },
    'fivem-8gb': {
      de: { description: 'Eine ganze Roleplay-Community mit aufwendigen Ressourcen' },
      fr: { description: 'Une communauté de roleplay complète aux ressources exigeantes' },
      es: { description: 'Una comunidad de rol completa con recursos exigentes' },
      'pt-BR': { description: 'Uma comunidade de roleplay completa com recursos pesados' },
    },
    'palworld-4gb': {
      de: { description: 'Eine kleine Koop-Welt' },
      fr: { description: 'Un petit monde en coopération' },
      es: { description: 'Un pequeño mundo cooperativo' },
      'pt-BR': { description: 'Um pequeno mundo cooperativo' },
    },
    'palworld-8gb': {
      de: { description: 'Eine flüssige Welt für eine volle Gruppe' },
      fr: { description: 'Un monde fluide pour une équipe au complet' },
      es: { description: 'Un mundo fluido para un grupo completo' },
      'pt-BR': { description: 'Um mundo fluido para um grupo completo' },
    },
    'palworld-16gb': {
      de: { description: 'Große Basen, lange Sessions, keine Ruckler' },
      fr: { description: 'Grandes bases, longues sessions, sans à-coups' },
      es: { description: 'Bases grandes, sesiones largas, sin tirones' },
      'pt-BR': { description: 'Bases grandes, sessões longas, sem travadas' },
    },
  },
  addons: {
    'automatic-backups': {
      de: { name: 'Automatische Backups', description: 'Jeden Tag ein Backup, 7 Tage lang aufbewahrt' },
      fr: { name: 'Sauvegardes automatiques', description: 'Une sauvegarde par jour, conservée 7 jours' },
      es: { name: 'Copias de seguridad automáticas', description: 'Una copia de seguridad al día, guardada durante 7 días' },
      'pt-BR': { name: 'Backups automáticos', description: 'Um backup por dia, guardado por 7 dias' },
    },
    'additional-ssd': {
      de: { name: 'Zusätzlicher SSD-Speicher', description: '+50 GB NVMe-Speicher pro Stufe' },
      fr: { name: 'SSD supplémentaire', description: '+50 Go de stockage NVMe par palier' },
      es: { name: 'SSD adicional', description: '+50 GB de almacenamiento NVMe por paso' },
      'pt-BR': { name: 'SSD adicional', description: '+50 GB de armazenamento NVMe por etapa' },
    },
  },
  locations: {
    'us-west': {
      de: { label: 'USA West (Kalifornien)' },
      fr: { label: 'Ouest des États-Unis (Californie)' },
      es: { label: 'Oeste de EE. UU. (California)' },
      'pt-BR': { label: 'Oeste dos EUA (Califórnia)' },
    },
    'us-east': {
      de: { label: 'USA Ost (Virginia)' },
      fr: { label: 'Est des États-Unis (Virginie)' },
      es: { label: 'Este de EE. UU. (Virginia)' },
      'pt-BR': { label: 'Leste dos EUA (Virgínia)' },
    },
    'eu-west': {
      de: { label: 'Westeuropa (Amsterdam)' },
      fr: { label: 'Europe de l’Ouest (Amsterdam)' },
      es: { label: 'Europa Occidental (Ámsterdam)' },
      'pt-BR': { label: 'Europa Ocidental (Amsterdã)' },
    },
    'asia-pacific': {
      de: { label: 'Asien-Pazifik (Singapur)' },
      fr: { label: 'Asie-Pacifique (Singapour)' },
      es: { label: 'Asia-Pacífico (Singapur)' },
      'pt-BR': { label: 'Ásia-Pacífico (Singapura)' },
    },
  },
  packs: {
    essentials: {
      de: {
        tagline: 'Unser Team richtet ein, was am Ende jeder Server braucht',
        highlights: [
          { title: 'Für Sie eingerichtet', text: 'Sagen Sie uns, welche Plugins, Mods oder Ressourcen Sie möchten; unser Team installiert und konfiguriert sie.' },
          { title: 'Prüfung der Einstellungen', text: 'Jemand aus unserem Team geht Ihre Servereinstellungen durch und sagt Ihnen, was Sie ändern sollten.' },
          { title: 'Hilfe beim Wiederherstellen', text: 'Wir spielen gemeinsam mit Ihnen ein Backup ein und prüfen, ob die Welt lädt.' },
        ],
        features: [
          'Plugins, Mods oder Ressourcen, von unserem Team installiert und konfiguriert',
          'Eine Prüfung Ihrer Servereinstellungen, mit dem, was zu ändern ist',
          'Ein Backup, gemeinsam mit Ihnen eingespielt und geprüft, bevor wir es übergeben',
          'Für jeden Server in Ihrem Konto',
          'Jede Anfrage in Ihrem Kundenbereich verfolgbar, bis sie erledigt ist',
        ],
      },
      fr: {
        tagline: 'Notre équipe met en place ce dont chaque serveur finit par avoir besoin',
        highlights: [
          { title: 'Installé pour vous', text: 'Dites-nous quels plugins, mods ou ressources vous voulez ; notre équipe les installe et les configure.' },
          { title: 'Revue des paramètres', text: 'Un membre de l’équipe passe en revue les paramètres de votre serveur et vous dit quoi changer.' },
          { title: 'Aide à la restauration', text: 'Nous restaurons une sauvegarde avec vous et vérifions que le monde se charge.' },
        ],
        features: [
          'Plugins, mods ou ressources installés et configurés par notre équipe',
          'Une revue des paramètres de votre serveur, avec ce qu’il faut changer',
          'Une sauvegarde restaurée avec vous, vérifiée avant de vous la rendre',
          'Pour n’importe quel serveur de votre compte',
          'Chaque demande suivie dans votre tableau de bord jusqu’à ce qu’elle soit terminée',
        ],
      },
      es: {
        tagline: 'Nuestro equipo configura lo que todo servidor acaba necesitando',
        highlights: [
          { title: 'Lo configuramos por usted', text: 'Díganos qué plugins, mods o recursos quiere; nuestro equipo los instala y los configura.' },
          { title: 'Revisión de la configuración', text: 'Alguien del equipo revisa la configuración de su servidor y le dice qué cambiar.' },
          { title: 'Ayuda para restaurar', text: 'Restauramos una copia de seguridad con usted y comprobamos que el mundo carga.' },
        ],
        features: [
          'Plugins, mods o recursos instalados y configurados por nuestro equipo',
          'Una revisión de la configuración de su servidor, con lo que conviene cambiar',
          'Una copia de seguridad restaurada con usted y comprobada antes de entregársela',
          'Para cualquier servidor de su cuenta',
          'Cada solicitud, visible en su panel hasta que esté terminada',
        ],
      },
      'pt-BR': {
        tagline: 'Nossa equipe configura o que todo servidor acaba precisando',
        highlights: [
          { title: 'Configurado para você', text: 'Diga quais plugins, mods ou recursos você quer; nossa equipe instala e configura tudo.' },
          { title: 'Revisão das configurações', text: 'Alguém da equipe revisa as configurações do seu servidor e diz o que mudar.' },
          { title: 'Ajuda para restaurar', text: 'Restauramos um backup junto com você e conferimos se o mundo carrega.' },
        ],
        features: [
          'Plugins, mods ou recursos instalados e configurados pela nossa equipe',
          'Uma revisão das configurações do seu servidor, com o que mudar',
          'Um backup restaurado junto com você e conferido antes de devolvermos',
          'Para qualquer servidor da sua conta',
          'Cada pedido acompanhado no seu painel até ser concluído',
        ],
      },
    },
    'game-expansion-pack': {
      de: {
        name: 'Spiel-Erweiterungspaket',
        tagline: 'Bringen Sie Ihre Welt, Map oder Ihr Framework mit – den Umzug erledigt unser Team',
        highlights: [
          { title: 'Umzug', text: 'Wir ziehen eine Welt, eine Map oder ein Ressourcen-Set von einem anderen Anbieter auf Ihren Server um.' },
          { title: 'Modpacks und Frameworks', text: 'Forge, Fabric, ESX oder QBCore, für Sie installiert.' },
          { title: 'Vor der Übergabe geprüft', text: 'Wir starten den Server und prüfen, ob Spieler beitreten können.' },
        ],
        features: [
          'Eine Welt, Map oder ein Ressourcen-Set, von unserem Team von einem anderen Anbieter umgezogen',
          'Ein Modpack oder Framework (Forge, Fabric, ESX, QBCore), für Sie installiert',
          'Ein Starttest, ob Spieler beitreten können, bevor wir übergeben',
          'Für jeden Server in Ihrem Konto',
          'Jede Anfrage in Ihrem Kundenbereich verfolgbar, bis sie erledigt ist',
        ],
      },
      fr: {
        name: 'Pack d’extension de jeu',
        tagline: 'Apportez votre monde, votre carte ou votre framework : notre équipe s’occupe de la migration',
        highlights: [
          { title: 'Migration', text: 'Nous transférons un monde, une carte ou un ensemble de ressources d’un autre hébergeur vers votre serveur.' },
          { title: 'Modpacks et frameworks', text: 'Forge, Fabric, ESX ou QBCore, installés pour vous.' },
          { title: 'Vérifié avant la remise', text: 'Nous démarrons le serveur et vérifions que les joueurs peuvent se connecter.' },
        ],
        features: [
          'Un monde, une carte ou un ensemble de ressources transféré d’un autre hébergeur par notre équipe',
          'Un modpack ou un framework (Forge, Fabric, ESX, QBCore) installé pour vous',
          'Un test de démarrage pour vérifier que les joueurs peuvent se connecter avant la remise',
          'Pour n’importe quel serveur de votre compte',
          'Chaque demande suivie dans votre tableau de bord jusqu’à ce qu’elle soit terminée',
        ],
      },
      es: {
        name: 'Paquete de expansión de juego',
        tagline: 'Traiga su mundo, mapa o framework, y nuestro equipo se encarga de la mudanza',
        highlights: [
          { title: 'Migración', text: 'Trasladamos un mundo, mapa o conjunto de recursos desde otro proveedor a su servidor.' },
          { title: 'Modpacks y frameworks', text: 'Forge, Fabric, ESX o QBCore, instalados por nosotros.' },
          { title: 'Comprobado antes de la entrega', text: 'Iniciamos el servidor y comprobamos que los jugadores pueden entrar.' },
        ],
        features: [
          'Un mundo, mapa o conjunto de recursos trasladado desde otro proveedor por nuestro equipo',
          'Un modpack o framework (Forge, Fabric, ESX, QBCore) instalado por nosotros',
          'Una prueba de arranque para comprobar que los jugadores pueden entrar antes de la entrega',
          'Para cualquier servidor de su cuenta',
          'Cada solicitud, visible en su panel hasta que esté terminada',
        ],
      },
      'pt-BR': {
        name: 'Pacote de expansão de jogo',
        tagline: 'Traga seu mundo, mapa ou framework, e nossa equipe cuida da mudança',
        highlights: [
          { title: 'Migração', text: 'Transferimos um mundo, mapa ou conjunto de recursos de outra hospedagem para o seu servidor.' },
          { title: 'Modpacks e frameworks', text: 'Forge, Fabric, ESX ou QBCore instalados para você.' },
          { title: 'Conferido antes da entrega', text: 'Iniciamos o servidor e conferimos se os jogadores conseguem entrar.' },
        ],
        features: [
          'Um mundo, mapa ou conjunto de recursos transferido de outra hospedagem pela nossa equipe',
          'Um modpack ou framework (Forge, Fabric, ESX, QBCore) instalado para você',
          'Um teste de inicialização para conferir se os jogadores conseguem entrar antes da entrega',
          'Para qualquer servidor da sua conta',
          'Cada pedido acompanhado no seu painel até ser concluído',
        ],
      },
    },
    'community-pack': {
      de: {
        name: 'Community-Paket',
        tagline: 'Ihre Tickets kommen an den Anfang der Warteschlange',
        highlights: [
          { title: 'Bevorzugter Support', text: 'Ihre Tickets werden vor dem Rest der Warteschlange beantwortet.' },
          { title: 'Jeder Server', text: 'Es gilt für jeden Server in Ihrem Konto.' },
          { title: 'Sofort aktiv', text: 'Es beginnt, sobald die Zahlung eingegangen ist, und gilt für den bezahlten Monat.' },
        ],
        features: [
          'Bevorzugter Support: Ihre Tickets kommen an den Anfang der Warteschlange des Teams',
          'Gilt für jeden Server in Ihrem Konto',
          'Beginnt, sobald die Zahlung eingegangen ist',
          'Gilt für den Monat, den Sie bezahlt haben',
        ],
      },
      fr: {
        name: 'Pack Communauté',
        tagline: 'Vos tickets passent en tête de file',
        highlights: [
          { title: 'Support prioritaire', text: 'Vos tickets reçoivent une réponse avant le reste de la file.' },
          { title: 'Tous vos serveurs', text: 'Il couvre tous les serveurs de votre compte.' },
          { title: 'Actif tout de suite', text: 'Il démarre dès que le paiement est validé et dure le mois payé.' },
        ],
        features: [
          'Support prioritaire : vos tickets passent en tête de la file de l’équipe',
          'Couvre tous les serveurs de votre compte',
          'Démarre dès que le paiement est validé',
          'Dure le mois que vous avez payé',
        ],
      },
      es: {
        name: 'Paquete Comunidad',
        tagline: 'Sus tickets pasan al principio de la cola',
        highlights: [
          { title: 'Soporte prioritario', text: 'Sus tickets se responden antes que el resto de la cola.' },
          { title: 'Todos sus servidores', text: 'Cubre todos los servidores de su cuenta.' },
          { title: 'Activo al momento', text: 'Empieza en cuanto se confirma el pago y dura el mes pagado.' },
        ],
        features: [
          'Soporte prioritario: sus tickets pasan al principio de la cola del equipo',
          'Cubre todos los servidores de su cuenta',
          'Empieza en cuanto se confirma el pago',
          'Dura el mes que ha pagado',
        ],
      },
      'pt-BR': {
        name: 'Pacote Comunidade',
        tagline: 'Seus tickets vão para o início da fila',
        highlights: [
          { title: 'Suporte prioritário', text: 'Seus tickets são respondidos antes do resto da fila.' },
          { title: 'Todos os servidores', text: 'Vale para todos os servidores da sua conta.' },
          { title: 'Ativo na hora', text: 'Começa assim que o pagamento é confirmado e dura o mês pago.' },
        ],
        features: [
          'Suporte prioritário: seus tickets vão para o início da fila da equipe',
          'Vale para todos os servidores da sua conta',
          'Começa assim que o pagamento é confirmado',
          'Dura o mês que você pagou',
        ],
      },
    },
  },
  software: {
    vanilla: {
      de: { description: 'Der Server von Mojang selbst, genau so, wie das Spiel ihn liefert' },
      fr: { description: 'Le serveur officiel de Mojang, tel que le jeu le fournit' },
      es: { description: 'El servidor de Mojang, tal como viene con el juego' },
      'pt-BR': { description: 'O servidor oficial da Mojang, exatamente como vem com o jogo' },
    },
    paper: {
      de: { description: 'Ein schnellerer Server, der Bukkit- und Spigot-Plugins ausführt' },
      fr: { description: 'Un serveur plus rapide qui fait tourner les plugins Bukkit et Spigot' },
      es: { description: 'Un servidor más rápido que ejecuta plugins de Bukkit y Spigot' },
      'pt-BR': { description: 'Um servidor mais rápido que roda plugins de Bukkit e Spigot' },
    },
    fabric: {
      de: { description: 'Ein schlanker Mod-Loader für Fabric-Mods' },
      fr: { description: 'Un chargeur de mods léger pour les mods Fabric' },
      es: { description: 'Un cargador de mods ligero para mods de Fabric' },
      'pt-BR': { description: 'Um carregador de mods leve para mods Fabric' },
    },
    forge: {
      de: { description: 'Der klassische Mod-Loader für große Modpacks' },
      fr: { description: 'Le chargeur de mods classique pour les gros modpacks' },
      es: { description: 'El cargador de mods clásico para modpacks grandes' },
      'pt-BR': { description: 'O carregador de mods clássico para modpacks grandes' },
    },
  },
};
