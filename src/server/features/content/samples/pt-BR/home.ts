/** A página inicial como é entregue: texto de exemplo (decision 079). */
export const home = `# Seu servidor de jogo, pronto em segundos

Servidores de Minecraft, FiveM e Palworld, configurados assim que você paga e cuidados pela {{shop.name}}.

## Proteção contra DDoS

Filtragem na frente de cada servidor, para que ninguém com rancor e um script acabe com a sua noite de jogo.

## Suporte de quem joga

Travado em um plugin, um conflito de mods ou um servidor que cai sem parar? Abra um ticket e fale com alguém que entende do assunto.

## Disponibilidade garantida por escrito

Nosso acordo de nível de serviço diz o que garantimos e o crédito que você recebe quando não cumprimos.
`;
