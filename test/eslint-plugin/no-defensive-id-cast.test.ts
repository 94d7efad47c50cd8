import rule from '../../eslint-plugin/rules/no-defensive-id-cast.ts';
import { invalid, valid } from './fixtures/no-defensive-id-cast.cases.ts';
import { runRule } from './rule-tester.ts';

runRule('no-defensive-id-cast', rule, { valid, invalid });
