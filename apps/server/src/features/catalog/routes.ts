import { gameEndpoints, operatorContentEndpoints } from '@app/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { operatorOf } from '../../http/auth.ts';
import { badRequest } from '../../http/errors.ts';
import { requestLanguage } from '../../http/language.ts';
import { route } from '../../http/route.ts';
import type { MerchantService } from '../merchant/service.ts';
import type { OperatorService } from '../operator/service.ts';
import { bannerArtwork, gameArtwork, vendorArtwork, type VendorArtKind } from './artwork.ts';
import type { CatalogService } from './service.ts';

const ARTWORK_HEADERS = {
  'content-type': 'image/svg+xml; charset=utf-8',
  // The bytes are a pure function of the URL: cache them for a year.
  'cache-control': 'public, max-age=31536000, immutable',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
  'cross-origin-resource-policy': 'cross-origin',
};
const sendSvg = (reply: FastifyReply, svg: string) => reply.headers(ARTWORK_HEADERS).send(svg);

export interface CatalogRouteDeps {
  catalog: CatalogService;
  merchants: MerchantService;
  operators: OperatorService;
}

export const catalogRoutes =
  ({ catalog, merchants, operators }: CatalogRouteDeps) =>
  async (app: FastifyInstance) => {
    /** A call that names a merchant must name the one this site belongs to. */
    const checkMerchant = async (merchantId: number, field: string, code: string | undefined) => {
      if (!code) return;
      const brand = await merchants.brand(merchantId);
      if (brand.merchant.code !== code)
        throw badRequest('VALIDATION_FAILED', `${field} does not match this site`, {
          [field]: 'Unknown merchant for this site',
        });
    };

    route(app, gameEndpoints.gameList, async ({ query, req }) => {
      await checkMerchant(req.merchantId, 'merchant', query.merchant);
      return catalog.listGames(req.merchantId, { ...query, language: requestLanguage(req, query.language) });
    });
    route(app, gameEndpoints.hotGames, async ({ query, req }) => {
      await checkMerchant(req.merchantId, 'merchantCode', query.merchantCode);
      return {
        list: await catalog.hotGames(req.merchantId, { ...query, language: requestLanguage(req, query.language) }),
      };
    });
    route(app, gameEndpoints.vassGameType, async ({ query, req }) => ({
      list: await catalog.vendors(req.merchantId, query.gameType),
    }));
    route(app, gameEndpoints.newGameVendor, async ({ query, req }) => ({
      data: { lanes: await catalog.newGameVendorLanes(req.merchantId, requestLanguage(req, query.language)) },
    }));
    route(app, gameEndpoints.gameMenus, async ({ query, req }) => ({
      list: await catalog.menus(req.merchantId, requestLanguage(req, query.language)),
    }));

    /* Artwork on this server's image CDN path (the brand's imageCDNs point here by default). */
    const artCache = new Map<string, string>();
    const remember = (key: string, svg: string) => {
      if (artCache.size > 5000) artCache.delete(artCache.keys().next().value!);
      artCache.set(key, svg);
      return svg;
    };
    app.get<{ Params: { vassalage: string; file: string } }>('/cdn/games/:vassalage/:file', async (req, reply) => {
      const code = decodeURIComponent(req.params.file.replace(/\.svg$/, ''));
      const key = `g/${req.params.vassalage}/${code}`;
      const hit = artCache.get(key);
      if (hit) return sendSvg(reply, hit);
      const game = /\.svg$/.test(req.params.file) ? await catalog.artworkGame(req.params.vassalage, code) : null;
      if (!game)
        return reply.code(404).send({ success: false, value: null, message: 'No such image', code: 'NOT_FOUND' });
      return sendSvg(reply, remember(key, gameArtwork(game)));
    });
    app.get<{ Params: { file: string } }>('/cdn/vendors/:file', async (req, reply) => {
      const m = /^([A-Z0-9_]{2,32})(-lg|-card)?\.svg$/.exec(req.params.file);
      const vendor = m ? await catalog.vendorByCode(m[1]!) : null;
      if (!m || !vendor)
        return reply.code(404).send({ success: false, value: null, message: 'No such image', code: 'NOT_FOUND' });
      const kind: VendorArtKind = m[2] === '-lg' ? 'large' : m[2] === '-card' ? 'card' : 'icon';
      return sendSvg(reply, vendorArtwork(vendor, kind));
    });
    app.get<{ Params: { file: string } }>('/cdn/banners/:file', async (req, reply) => {
      const m = /^([a-z0-9-]{1,40})\.svg$/.exec(req.params.file);
      if (!m) return reply.code(404).send({ success: false, value: null, message: 'No such image', code: 'NOT_FOUND' });
      return sendSvg(reply, bannerArtwork(m[1]!));
    });

    /* Operator: hot flags, vendor order and switches. */
    route(app, operatorContentEndpoints.setHotGames, async ({ body, req }) => {
      const op = operatorOf(req);
      const updated = await catalog.manage.setHot(op.merchantId, body.nodeIds, body.isHot);
      await operators.audit(op, 'catalog.hot', body.nodeIds.join(','), { ...body, updated }, req.ip);
      return { updated };
    });
    route(app, operatorContentEndpoints.listVendors, async ({ query, req }) => ({
      list: (await catalog.allLanes(operatorOf(req).merchantId, query.gameType)).map((l) => ({
        vassalage: l.vassalage,
        displayName: l.displayName,
        gameType: l.gameType,
        sort: l.sort,
        enabled: l.laneEnabled && l.vendorEnabled,
        gameCount: l.gameCount,
      })),
    }));
    route(app, operatorContentEndpoints.setVendorOrder, async ({ body, req }) => {
      const op = operatorOf(req);
      const vassalages = await catalog.manage.setVendorOrder(op.merchantId, body.gameType, body.vassalages);
      await operators.audit(op, 'catalog.vendorOrder', body.gameType, { ...body }, req.ip);
      return { vassalages };
    });
    route(app, operatorContentEndpoints.setVendorEnabled, async ({ body, req }) => {
      const op = operatorOf(req);
      await catalog.manage.setVendorEnabled(op.merchantId, body.gameType, body.vassalage, body.enabled);
      await operators.audit(op, 'catalog.vendorEnabled', `${body.gameType}/${body.vassalage}`, { ...body }, req.ip);
      return body;
    });
  };
