/** La página de inicio tal como se entrega: texto de ejemplo (decision 079). */
export const home = `# Su propio servidor de juegos, listo en segundos

Servidores de Minecraft, FiveM y Palworld, configurados en cuanto paga y atendidos por {{shop.name}}.

## Protección DDoS

Filtrado delante de cada servidor, para que nadie con rencor y un script arruine su noche de juego.

## Soporte de gente que juega

¿Atascado con un plugin, un conflicto entre mods o un servidor que se cae una y otra vez? Abra un ticket y hable con alguien que sabe del tema.

## Disponibilidad respaldada por escrito

Nuestro acuerdo de nivel de servicio indica lo que garantizamos y el crédito que recibe cuando no lo cumplimos.
`;
