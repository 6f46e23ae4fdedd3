export type SharedSideDto = {
  content: string;
  /** The author's pseudonym as display name; no ids. */
  user: { displayName: string; username: string };
  echoCount: number;
};

export type SharedPairDto = {
  id: string;
  responseOne: SharedSideDto;
  responseTwo: SharedSideDto;
  question: { content: string };
  viewCount: number;
  /** Echoes given to the two responses together. */
  likeCount: number;
  comparisonInsight: string;
};
