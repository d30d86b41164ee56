import type { AppConfig } from '../../config';

export function returningLinkUrlOf(config: AppConfig, token: string): string {
  return `${config.publicUrl}/r/${token}`;
}
