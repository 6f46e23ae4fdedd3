export type EchoStatusDto = { hasEchoed: boolean };

export type ToggleEchoResult = {
  position: string | null;
  hasEchoed: boolean;
  /** Echoes the caller has given this product day, and the daily limit. */
  echoesUsed: number;
  dailyLimit: number;
  /** When the limit resets, as people read it ("3 AM EST"). */
  resetsAt: string;
};
