import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { priceShort, priceText } from '../../../../src/contract/price';

/** The spec's bar chart of average price by bedrooms (recharts: loaded on its own, see AreaMarketView). */
export function MarketChart({ bars }: { bars: readonly { name: string; price: number; count: number }[] }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      <BarChart accessibilityLayer={false} data={[...bars]} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="name" tick={{ fontSize: 12 }} interval={0} />
        <YAxis width={56} tick={{ fontSize: 12 }} tickFormatter={(v: number) => priceShort(v) ?? ''} />
        <Tooltip formatter={(v) => priceText(Number(v))} />
        <Bar dataKey="price" name="Average list price" fill="var(--accent, #1f5fbf)" isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}
