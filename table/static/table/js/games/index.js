/* The games, each one module holding its deal form, its board headline, its deal summary and its chart. */
import seep from './seep.js';
import fiftySix from './fifty_six.js';
import bidEuchre from './bid_euchre.js';
import contractRummy from './contract_rummy.js';
import twentyEight from './twenty_eight.js';

export const GAMES = {
  seep,
  fifty_six: fiftySix,
  bid_euchre: bidEuchre,
  contract_rummy: contractRummy,
  twenty_eight: twentyEight,
};
