import { corpusShard } from './corpus-suite.ts';

corpusShard(1, 2);
