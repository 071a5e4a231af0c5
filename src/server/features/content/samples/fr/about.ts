/** La page « À propos » telle qu'elle est livrée : texte d'exemple (decision 079). */
export const about = `# Créé par des joueurs, géré comme une infrastructure

{{shop.name}} existe pour qu'héberger un serveur de jeu ressemble à jouer, et non à surveiller une machine.

## Notre histoire

Nous avons lancé {{shop.name}} après des années à gérer nos propres serveurs communautaires : des mondes survie devenus trop grands pour un vieux PC, des villes de roleplay qui ne tenaient que grâce à des redémarrages en pleine nuit, et des amis qui demandaient pourquoi le serveur était encore tombé. Nous savions ce que nous attendions d'un hébergeur, et nous ne le trouvions pas.

Alors nous l'avons construit. Des serveurs qui se mettent en ligne tout seuls quelques minutes après le paiement. Des prix qui se lisent d'un coup d'œil, sans rien d'ajouté au moment de payer. Un tableau de bord qui vous donne la console, les sauvegardes et le bouton de redémarrage au lieu de les cacher.

## Ce en quoi nous croyons

- **Les joueurs d'abord.** Chaque choix part des personnes sur votre serveur : un ping bas, un tick rate stable et des redémarrages quand personne n'est connecté.
- **Des prix honnêtes.** Le prix affiché est le prix payé. Les périodes plus longues bénéficient d'une remise claire, et il n'y a pas de frais d'installation.
- **Votre serveur, vos données.** Accès complet aux fichiers, sauvegardes téléchargeables et aucun enfermement. Si vous partez un jour, vous emportez votre monde.

## Des promesses que vous pouvez nous rappeler

- Une garantie satisfait ou remboursé de {{rules.refundWindowHours}} heures sur chaque nouveau service : voir la [politique de remboursement](/refund).
- Des crédits de service quand nous n'atteignons pas la disponibilité garantie, à réclamer sous {{rules.slaClaimWithinDays}} jours : voir l'[accord de niveau de service](/sla).
- Au moins {{rules.priceChangeNoticeDays}} jours de préavis avant qu'un changement de prix ne touche vos renouvellements : voir les [conditions d'utilisation](/terms).
- Votre dernière sauvegarde conservée {{rules.backupKeptAfterCancelDays}} jours après une résiliation : voir la [politique de confidentialité](/privacy).
`;
