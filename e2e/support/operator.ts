import { expect, type APIRequestContext } from '@playwright/test';

/** The demo operator seeded on a fresh database (README: demo accounts). */
export const DEMO_OPERATOR = { username: 'admin', password: 'Admin#2026' } as const;
/** The demo finance operator: money desks only (no content role). */
export const DEMO_FINANCE = { username: 'finance', password: 'Admin#2026' } as const;
export const DEMO_CONTENT = { username: 'content', password: 'Admin#2026' } as const;
/** The demo support operator: the customer-service desk (decision 057). */
export const DEMO_SUPPORT = { username: 'support', password: 'Admin#2026' } as const;

/** A vendor of one game type as the operator's catalogue lists it, in lobby order. */
export interface CatalogueVendor {
  vassalage: string;
  displayName: string;
  gameType: string;
  sort: number;
  enabled: boolean;
  gameCount: number;
}

export interface RegionRules {
  blockedCountries: string[];
  allowedCountries: string[];
  cidrAllow: string[];
  cidrBlock: string[];
}

export const OPEN_REGION: RegionRules = { blockedCountries: [], allowedCountries: [], cidrAllow: [], cidrBlock: [] };

/** The operator API, as the back office uses it: log in once, then flip the site's switches. */
export class OperatorApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async login(
    request: APIRequestContext,
    account: { username: string; password: string } = DEMO_OPERATOR,
  ): Promise<OperatorApi> {
    const res = await request.post('/wps/operator/session/login', { data: account });
    expect(res.status(), await res.text()).toBe(200);
    const body = (await res.json()) as { value: { token: string } };
    return new OperatorApi(request, body.value.token);
  }

  async post(url: string, data: unknown): Promise<unknown> {
    const res = await this.request.post(url, { data, headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { value: unknown }).value;
  }

  async put(url: string, data: unknown): Promise<unknown> {
    const res = await this.request.put(url, { data, headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { value: unknown }).value;
  }

  async get<T>(url: string): Promise<T> {
    const res = await this.request.get(url, { headers: { authorization: `Bearer ${this.token}` } });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
    return ((await res.json()) as { value: T }).value;
  }

  /**
   * Credits a member by username with a balance correction (finance's adjustment, admin passes):
   * the member's id from the wallet desk's lookup, a unique request id. Answers the member's id.
   */
  async fund(username: string, amount: string, reason: string): Promise<number> {
    const member = await this.get<{ id: number }>(
      `/wps/operator/wallets/member?username=${encodeURIComponent(username)}`,
    );
    await this.post('/wps/operator/wallets/adjust', {
      memberId: member.id,
      amount,
      reason,
      requestId: `fund-${username}-${Date.now().toString(36)}`,
    });
    return member.id;
  }

  /** The brand's wallet rules, as GET /wps/operator/wallets/settings answers them. */
  walletRules() {
    return this.get<Record<string, unknown>>('/wps/operator/wallets/settings');
  }

  setWalletRules(rules: Record<string, unknown>) {
    return this.put('/wps/operator/wallets/settings', rules);
  }

  setMaintenance(input: { enabled: boolean; endTime: string | null; message?: string }) {
    return this.put('/wps/operator/system/maintenance', { message: '', ...input });
  }

  setRegion(rules: RegionRules) {
    return this.put('/wps/operator/system/region', rules);
  }

  /** One game type's vendors in lobby order, switched on or off. */
  async catalogueVendors(gameType: string): Promise<CatalogueVendor[]> {
    return (await this.get<{ list: CatalogueVendor[] }>(`/wps/operator/catalog/vendors?gameType=${gameType}`)).list;
  }

  setVendorOrder(gameType: string, vassalages: string[]) {
    return this.put('/wps/operator/catalog/vendors/order', { gameType, vassalages });
  }

  setVendorEnabled(gameType: string, vassalage: string, enabled: boolean) {
    return this.put('/wps/operator/catalog/vendors/enabled', { gameType, vassalage, enabled });
  }

  setHotGames(nodeIds: number[], isHot: boolean) {
    return this.put('/wps/operator/catalog/games/hot', { nodeIds, isHot });
  }

  async logout(): Promise<void> {
    await this.request.post('/wps/operator/session/logout', { headers: { authorization: `Bearer ${this.token}` } });
  }
}
