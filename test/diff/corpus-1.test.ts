import { corpusShard } from './corpus-suite.ts';

corpusShard(0, 2);
