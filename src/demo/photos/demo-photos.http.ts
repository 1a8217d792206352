import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { contract } from '../../contract/routes';
import { Route } from '../../http/contract/route.decorator';
import { notFound } from '../../shared/errors';
import { DEMO_PHOTO_COUNT } from '../listings/demo-media';
import { houseSvg, PLACEHOLDER_SVG } from './house-svg';

const FOREVER = 'public, max-age=31536000, immutable';

/** The demo listings' photos and the broken-photo placeholder, served from our own origin. */
@Controller()
export class DemoPhotosController {
  @Route(contract.demo.photo)
  photo(@Param('file') file: string, @Res({ passthrough: true }) res: Response): string {
    let svg: string;
    if (file === 'placeholder.svg') svg = PLACEHOLDER_SVG;
    else {
      const m = /^(\d{1,4})\.svg$/.exec(file);
      const n = m ? Number(m[1]) : -1;
      if (n < 0 || n >= DEMO_PHOTO_COUNT) throw notFound('No such photo');
      svg = houseSvg(n);
    }
    res.setHeader('Content-Type', 'image/svg+xml; charset=utf-8');
    res.setHeader('Cache-Control', FOREVER);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    return svg;
  }
}
