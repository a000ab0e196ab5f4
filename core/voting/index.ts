export { castVotes, clampWeight, type Ballot, type RunRoot, type Vote, type VoteResult } from './vote.js';
export { runRoot, runWeight, type VotableDiagnosis } from './root.js';
export { varyVisitOrder } from './visit-order.js';
