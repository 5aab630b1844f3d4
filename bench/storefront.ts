/** The storefront's figures (issue: speed of the public menu), printed by `npm run bench`. */
import { benchBigMenu } from './big-menu';
import { benchLighthouse } from './lighthouse';
import { benchMenuApiVsNode } from './menu-api-vs-node';

export async function benchStorefront(base: string) {
  console.log('== Lighthouse mobile, /demo-restaurant, median of 3 ==');
  console.log(JSON.stringify(await benchLighthouse(`${base}/demo-restaurant`), null, 2));
  console.log('== public menu API vs bare node:http serving the same bytes ==');
  console.log(JSON.stringify(await benchMenuApiVsNode(base), null, 2));
  console.log('== 1,000-product menu vs the demo ==');
  console.log(JSON.stringify(await benchBigMenu(base), null, 2));
}
