// Names for launched tokens: two words from small lists, picked by the seeded generator, so a
// replay with the same seed launches the same coins.

import { pick, type Random } from '../seeded-random.js';

const ADJECTIVES = [
  'Turbo',
  'Sleepy',
  'Cosmic',
  'Based',
  'Tiny',
  'Golden',
  'Angry',
  'Frosty',
  'Lucky',
  'Salty',
  'Hyper',
  'Wobbly',
  'Neon',
  'Silent',
  'Feral',
  'Giga',
] as const;
const NOUNS = [
  'Cat',
  'Frog',
  'Pepe',
  'Otter',
  'Moon',
  'Duck',
  'Hamster',
  'Goblin',
  'Panda',
  'Walrus',
  'Toast',
  'Rocket',
  'Penguin',
  'Mole',
  'Llama',
  'Shiba',
] as const;

export function launchName(random: Random): { name: string; symbol: string } {
  const adjective = pick(random, ADJECTIVES);
  const noun = pick(random, NOUNS);
  const symbol = `${adjective.slice(0, 2)}${noun.slice(0, 3)}`.toUpperCase();
  return { name: `${adjective} ${noun}`, symbol };
}
