/** La page d'accueil telle qu'elle est livrée : texte d'exemple (decision 079). */
export const home = `# Votre serveur de jeu, prêt en quelques secondes

Des serveurs Minecraft, FiveM et Palworld, installés dès votre paiement et entretenus par {{shop.name}}.

## Protection DDoS

Un filtrage devant chaque serveur, pour qu'une rancune armée d'un script ne mette pas fin à votre soirée de jeu.

## Un support assuré par des joueurs

Bloqué par un plugin, un conflit de mods ou un serveur qui plante en boucle ? Ouvrez un ticket et parlez à quelqu'un qui connaît le sujet.

## Une disponibilité garantie par écrit

Notre accord de niveau de service indique ce que nous garantissons et le crédit que vous recevez si nous n'y arrivons pas.
`;
