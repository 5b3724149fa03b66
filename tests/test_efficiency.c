/* test_efficiency.c - the cost and power model against figures worked out by
 * hand in the comments: the i.MX6Q board ($40, 9 W) and the Atom D2700
 * ($52, 30 W) of seed 000, the Digital Ocean droplet ($5/month) and the
 * MacBook Pro ($1199) of seed 003, a 100 Mbit/s uplink, count-to-match,
 * and the edge cases where an input is missing or a value is unusable.
 *
 * Throughputs such as "5000 req/s" are illustrative inputs, not quotes from
 * the seeds; what is checked is the arithmetic of the model. Three years are
 * 3 * 365.25 * 24 = 26298 h throughout. */
#include "test_util.h"

#include <math.h>
#include <string.h>

#include "bdb_error.h"
#include "bdb_platform.h"
#include "efficiency.h"

#define N_OF(arr) (sizeof(arr) / sizeof((arr)[0]))

static void assert_nan(double got, const char *what)
{
    if (!isnan(got))
        fail_msg("%s: got %.12g, expected NaN", what, got);
}

static void assert_bits(unsigned got, unsigned want, const char *what)
{
    if (got != want) {
        char g[128], w[128];
        fail_msg("%s: got 0x%x (%s), expected 0x%x (%s)", what, got,
                 bdb_efficiency_missing_text(got, g, sizeof g), want,
                 bdb_efficiency_missing_text(want, w, sizeof w));
    }
}

static bdb_platform platform(double price, double power, double idle,
                             double rent)
{
    bdb_platform p;
    bdb_platform_clear(&p);
    p.price_usd = price;
    p.power_w = power;
    p.idle_power_w = idle;
    p.rent_usd_month = rent;
    return p;
}

/* Seed 000: "Maximum power consumption of the board + SSD under load":
 * i.MX6Q 9 W, Atom D2700 30 W; prices $40 and $52. */
static bdb_platform imx6q(void) { return platform(40, 9, NAN, NAN); }
static bdb_platform atom_d2700(void) { return platform(52, 30, NAN, NAN); }
/* Seed 003: Digital Ocean's lowest droplet, US$ 5/month, power unknown. */
static bdb_platform digital_ocean(void) { return platform(NAN, NAN, NAN, 5); }

static void efficiency__default_opts__are_15_cents_usd_3_years_full_load(
    void **state)
{
    (void)state;
    bdb_cost_opts o;
    memset(&o, 0xff, sizeof o);
    o.currency = "junk";
    bdb_cost_opts_default(&o);
    tu_assert_close(o.kwh_price, 0.15, 0, "kwh_price");
    assert_string_equal(o.currency, "USD");
    tu_assert_close(o.years, 3, 0, "years");
    tu_assert_close(o.utilization, 1, 0, "utilization");
    bdb_cost_opts_default(NULL); /* must not crash */
}

/* i.MX6Q, 9 W, $40, 5000 req/s:
 *   per watt   5000 / 9                    = 555.5555556 req/s/W
 *   per dollar 5000 / 40                   = 125 req/s/$
 *   energy     9 W * 26298 h / 1000        = 236.682 kWh
 *   its cost   236.682 * 0.15              = $35.5023
 *   TCO        40 + 35.5023                = $75.5023
 *   per TCO $  5000 / 75.5023              = 66.22314817 req/s/$
 *   J/request  9 / 5000                    = 0.0018 J = 5e-7 Wh */
static void efficiency__nine_watt_board__per_watt_matches_hand_value(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, NULL, &e),
                     BDB_OK);
    assert_string_equal(e.work_unit, "op/s");
    assert_string_equal(e.energy_unit, "J/op");
    tu_assert_close(e.work_rate, 5000, 1e-12, "work_rate");
    tu_assert_close(e.per_watt, 555.5555555556, 1e-10, "per_watt");
    tu_assert_close(e.per_dollar, 125, 1e-12, "per_dollar");
    tu_assert_close(e.energy_kwh_total, 236.682, 1e-10, "energy_kwh_total");
    tu_assert_close(e.energy_cost, 35.5023, 1e-10, "energy_cost");
    tu_assert_close(e.tco, 75.5023, 1e-10, "tco");
    tu_assert_close(e.per_tco_dollar, 66.22314817, 1e-9, "per_tco_dollar");
    tu_assert_close(e.energy_per_unit, 0.0018, 1e-10, "J/op");
    tu_assert_close(e.energy_per_unit_wh, 5e-7, 1e-10, "Wh/op");
    assert_nan(e.per_dollar_month, "per_dollar_month (owned)");
    assert_nan(e.tb_per_month, "tb_per_month (not a data rate)");
    assert_int_equal(e.rented, 0);
    assert_bits(e.missing, 0, "missing");
    assert_bits(e.assumed, 0, "assumed");
}

/* Atom D2700, 30 W, $52, 8000 req/s:
 *   per watt   8000 / 30                   = 266.6666667
 *   per dollar 8000 / 52                   = 153.8461538
 *   energy     30 * 26298 / 1000           = 788.94 kWh -> $118.341
 *   TCO        52 + 118.341                = $170.341
 *   per TCO $  8000 / 170.341              = 46.96461803
 *   J/request  30 / 8000                   = 0.00375
 * Against the i.MX6Q at 5000 req/s the Atom wins per purchase dollar
 * (153.8 > 125) but loses per watt (266.7 < 555.6) and per TCO dollar
 * (46.96 < 66.22): energy is most of its three-year cost. */
static void efficiency__thirty_watt_atom__tco_includes_three_years_of_power(
    void **state)
{
    (void)state;
    bdb_platform a = atom_d2700(), b = imx6q();
    bdb_cost_opts o;
    bdb_cost_opts_default(&o);
    bdb_efficiency ea, eb;
    assert_int_equal(bdb_efficiency_compute(8000, "op/s", 1, &a, &o, &ea),
                     BDB_OK);
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &b, &o, &eb),
                     BDB_OK);
    tu_assert_close(ea.per_watt, 266.6666666667, 1e-10, "per_watt");
    tu_assert_close(ea.per_dollar, 153.8461538462, 1e-10, "per_dollar");
    tu_assert_close(ea.energy_kwh_total, 788.94, 1e-10, "energy_kwh_total");
    tu_assert_close(ea.energy_cost, 118.341, 1e-10, "energy_cost");
    tu_assert_close(ea.tco, 170.341, 1e-10, "tco");
    tu_assert_close(ea.per_tco_dollar, 46.96461803, 1e-9, "per_tco_dollar");
    tu_assert_close(ea.energy_per_unit, 0.00375, 1e-10, "J/op");
    assert_true(ea.per_dollar > eb.per_dollar);
    assert_true(ea.per_watt < eb.per_watt);
    assert_true(ea.per_tco_dollar < eb.per_tco_dollar);
}

/* Other prices and periods: at 0.30 per kWh over 1 year the i.MX6Q uses
 * 9 * 8766 / 1000 = 78.894 kWh -> $23.6682, TCO 40 + 23.6682 = $63.6682.
 * A kWh price of 0 is a legitimate free supply: energy cost 0, TCO = price.
 * A NULL opts is the defaults. */
static void efficiency__other_kwh_price_and_years__scale_energy_cost(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_cost_opts o = {.kwh_price = 0.30, .currency = "EUR", .years = 1,
                       .utilization = 1};
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                     BDB_OK);
    tu_assert_close(e.energy_kwh_total, 78.894, 1e-10, "kWh in 1 year");
    tu_assert_close(e.energy_cost, 23.6682, 1e-10, "energy cost");
    tu_assert_close(e.tco, 63.6682, 1e-10, "tco");

    o.kwh_price = 0;
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                     BDB_OK);
    tu_assert_close(e.energy_cost, 0, 0, "free energy");
    tu_assert_close(e.tco, 40, 1e-12, "tco = price");
    assert_bits(e.missing, 0, "missing");
}

/* A 100 Mbit/s uplink (seed 000: rented Atoms "on 100-megabit uplinks"):
 *   1e8 bit/s / 8 = 12.5e6 B/s; * 2,629,800 s = 3.28725e13 B = 32.8725 TB
 * per month (the seed's servers push 7 to 22 TB of it). At 9 W:
 *   J/Gbit = 9 / 1e8 * 1e9  = 90
 *   J/GB   = 9 / 12.5e6 * 1e9 = 720 */
static void efficiency__hundred_megabit_link__moves_32_87_tb_per_month(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(1e8, "bit/s", 1, &p, NULL, &e),
                     BDB_OK);
    assert_string_equal(e.work_unit, "bit/s");
    assert_string_equal(e.energy_unit, "J/Gbit");
    tu_assert_close(e.tb_per_month, 32.8725, 1e-10, "TB/month from bit/s");
    tu_assert_close(e.energy_per_unit, 90, 1e-10, "J/Gbit");
    tu_assert_close(e.energy_per_unit_wh, 0.025, 1e-10, "Wh/Gbit");

    assert_int_equal(bdb_efficiency_compute(12.5e6, "B/s", 1, &p, NULL, &e),
                     BDB_OK);
    assert_string_equal(e.work_unit, "B/s");
    assert_string_equal(e.energy_unit, "J/GB");
    tu_assert_close(e.tb_per_month, 32.8725, 1e-10, "TB/month from B/s");
    tu_assert_close(e.energy_per_unit, 720, 1e-10, "J/GB");
    tu_assert_close(e.per_watt, 12.5e6 / 9, 1e-12, "B/s per W");
}

/* Digital Ocean, $5/month, 20000 op/s, power unknown:
 *   TCO       5 * 12 * 3        = $180 (rent includes the electricity)
 *   per $/mo  20000 / 5         = 4000
 *   per TCO $ 20000 / 180       = 111.1111111
 *   per watt  NaN, power_w listed missing; price_usd is NOT listed (a
 *   purchase price does not apply to a rented machine). */
static void efficiency__digital_ocean_rent__tco_is_180_over_three_years(
    void **state)
{
    (void)state;
    bdb_platform p = digital_ocean();
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(20000, "op/s", 1, &p, NULL, &e),
                     BDB_OK);
    assert_int_equal(e.rented, 1);
    tu_assert_close(e.tco, 180, 1e-12, "tco");
    tu_assert_close(e.per_dollar_month, 4000, 1e-12, "per_dollar_month");
    tu_assert_close(e.per_tco_dollar, 111.1111111111, 1e-10, "per_tco_dollar");
    assert_nan(e.per_watt, "per_watt");
    assert_nan(e.per_dollar, "per_dollar");
    assert_nan(e.energy_per_unit, "energy_per_unit");
    assert_nan(e.energy_kwh_total, "energy_kwh_total");
    assert_bits(e.missing, BDB_EFF_MISSING_POWER, "missing");
}

/* A rented server whose power is known (20 W): the energy is reported,
 * 20 * 26298 / 1000 = 525.96 kWh = $78.894, but not added to the rent:
 * TCO stays 5 * 36 = $180. A purchase price on a rented machine still gives
 * per_dollar (20000 / 100 = 200) but does not enter the TCO. */
static void efficiency__rented_with_known_power__rent_includes_energy(
    void **state)
{
    (void)state;
    bdb_platform p = platform(100, 20, NAN, 5);
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(20000, "op/s", 1, &p, NULL, &e),
                     BDB_OK);
    tu_assert_close(e.energy_kwh_total, 525.96, 1e-10, "kWh");
    tu_assert_close(e.energy_cost, 78.894, 1e-10, "energy cost (info)");
    tu_assert_close(e.tco, 180, 1e-12, "tco = rent only");
    tu_assert_close(e.per_watt, 1000, 1e-12, "per_watt");
    tu_assert_close(e.per_dollar, 200, 1e-12, "per_dollar");
    assert_bits(e.missing, 0, "missing");
}

/* i.MX6Q with power unknown (NaN), then with a nonsensical 0 W and -9 W:
 * every power-derived figure is NaN, never 0 or infinity, and "power_w"
 * is listed; per_dollar (125) does not need power and stays. */
static void efficiency__missing_power__gives_nan_and_flag_never_zero_or_inf(
    void **state)
{
    (void)state;
    const double powers[] = {NAN, 0, -9, INFINITY};
    for (size_t i = 0; i < N_OF(powers); i++) {
        bdb_platform p = platform(40, powers[i], 3, NAN);
        bdb_efficiency e;
        assert_int_equal(
            bdb_efficiency_compute(5000, "op/s", 1, &p, NULL, &e), BDB_OK);
        assert_nan(e.per_watt, "per_watt");
        assert_nan(e.energy_per_unit, "energy_per_unit");
        assert_nan(e.energy_per_unit_wh, "energy_per_unit_wh");
        assert_nan(e.energy_kwh_total, "energy_kwh_total");
        assert_nan(e.energy_cost, "energy_cost");
        assert_nan(e.tco, "tco");
        assert_nan(e.per_tco_dollar, "per_tco_dollar");
        tu_assert_close(e.per_dollar, 125, 1e-12, "per_dollar");
        assert_bits(e.missing, BDB_EFF_MISSING_POWER, "missing");
        char buf[64];
        assert_string_equal(
            bdb_efficiency_missing_text(e.missing, buf, sizeof buf),
            "power_w");
    }
}

/* A board with power (9 W) but neither price nor rent: per watt is
 * 5000 / 9, every dollar figure is NaN and both cost inputs are listed. */
static void efficiency__no_price_and_no_rent__lists_both_cost_inputs(
    void **state)
{
    (void)state;
    bdb_platform p = platform(NAN, 9, NAN, NAN);
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, NULL, &e),
                     BDB_OK);
    tu_assert_close(e.per_watt, 555.5555555556, 1e-10, "per_watt");
    tu_assert_close(e.energy_kwh_total, 236.682, 1e-10, "kWh");
    assert_nan(e.per_dollar, "per_dollar");
    assert_nan(e.per_dollar_month, "per_dollar_month");
    assert_nan(e.tco, "tco");
    assert_nan(e.per_tco_dollar, "per_tco_dollar");
    assert_bits(e.missing, BDB_EFF_MISSING_PRICE | BDB_EFF_MISSING_RENT,
                "missing");
    char buf[64];
    assert_string_equal(bdb_efficiency_missing_text(e.missing, buf, sizeof buf),
                        "price_usd, rent_usd_month");
}

/* Zero, negative, NaN and infinite throughputs: every figure derived from
 * the value is NaN with BDB_EFF_BAD_VALUE; the TCO of the machine ($75.5023)
 * does not depend on the value and is still given. */
static void efficiency__zero_throughput__is_nan_with_reason(void **state)
{
    (void)state;
    const double values[] = {0, -5000, NAN, INFINITY, -INFINITY};
    for (size_t i = 0; i < N_OF(values); i++) {
        bdb_platform p = imx6q();
        bdb_efficiency e;
        assert_int_equal(
            bdb_efficiency_compute(values[i], "B/s", 1, &p, NULL, &e),
            BDB_OK);
        assert_nan(e.work_rate, "work_rate");
        assert_nan(e.per_watt, "per_watt");
        assert_nan(e.per_dollar, "per_dollar");
        assert_nan(e.per_tco_dollar, "per_tco_dollar");
        assert_nan(e.energy_per_unit, "energy_per_unit");
        assert_nan(e.tb_per_month, "tb_per_month");
        tu_assert_close(e.tco, 75.5023, 1e-10, "tco");
        assert_bits(e.missing, BDB_EFF_BAD_VALUE, "missing");
    }
    /* A zero duration is as unusable as a zero rate (3600 / 0). */
    bdb_platform p = imx6q();
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(0, "s", -1, &p, NULL, &e), BDB_OK);
    assert_nan(e.work_rate, "runs/h of 0 s");
    assert_nan(e.energy_per_unit, "J/run of 0 s");
    assert_bits(e.missing, BDB_EFF_BAD_VALUE, "missing (time)");
}

/* `time bc` computing pi in 53.79 s on a machine drawing 35 W, priced as
 * the MacBook Pro of seed 003 ($1199):
 *   runs/h     3600 / 53.79            = 66.92693809
 *   J/run      35 * 53.79              = 1882.65 J = 0.5229583333 Wh
 *   per watt   66.92693809 / 35        = 1.912198231 runs/h/W
 *   per dollar 66.92693809 / 1199      = 0.05581896421 runs/h/$
 *   energy     35 * 26298 / 1000       = 920.43 kWh -> $138.0645
 *   TCO        1199 + 138.0645         = $1337.0645 */
static void efficiency__bc_pi_in_53_79_s_at_35_w__costs_1882_65_j_per_run(
    void **state)
{
    (void)state;
    bdb_platform p = platform(1199, 35, NAN, NAN);
    bdb_efficiency e;
    assert_int_equal(bdb_efficiency_compute(53.79, "s", -1, &p, NULL, &e),
                     BDB_OK);
    assert_string_equal(e.work_unit, "runs/h");
    assert_string_equal(e.energy_unit, "J/run");
    tu_assert_close(e.work_rate, 66.92693809, 1e-9, "runs/h");
    tu_assert_close(e.energy_per_unit, 1882.65, 1e-10, "J/run");
    tu_assert_close(e.energy_per_unit_wh, 0.5229583333, 1e-9, "Wh/run");
    tu_assert_close(e.per_watt, 1.912198231, 1e-9, "per_watt");
    tu_assert_close(e.per_dollar, 0.05581896421, 1e-9, "per_dollar");
    tu_assert_close(e.tco, 1337.0645, 1e-10, "tco");
    assert_nan(e.tb_per_month, "tb_per_month");
    assert_bits(e.missing, 0, "missing");
}

/* Utilization 0.25, i.MX6Q at 9 W load and 3 W idle:
 *   average 0.25 * 9 + 0.75 * 3 = 4.5 W; 4.5 * 26298 / 1000 = 118.341 kWh
 *   -> $17.75115, TCO 40 + 17.75115 = $57.75115.
 * Idle unknown: load power is assumed for idle time, 9 W all the time,
 * 236.682 kWh, and the assumption is flagged. At utilization 1 the idle
 * power does not matter and nothing is flagged. */
static void efficiency__quarter_utilization__draws_idle_power_the_rest(
    void **state)
{
    (void)state;
    bdb_cost_opts o;
    bdb_cost_opts_default(&o);
    o.utilization = 0.25;
    bdb_efficiency e;

    bdb_platform p = platform(40, 9, 3, NAN);
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                     BDB_OK);
    tu_assert_close(e.energy_kwh_total, 118.341, 1e-10, "kWh with idle");
    tu_assert_close(e.energy_cost, 17.75115, 1e-10, "energy cost");
    tu_assert_close(e.tco, 57.75115, 1e-10, "tco");
    /* per watt and J/op are at load, not at the average draw */
    tu_assert_close(e.per_watt, 555.5555555556, 1e-10, "per_watt at load");
    tu_assert_close(e.energy_per_unit, 0.0018, 1e-10, "J/op at load");
    assert_bits(e.assumed, 0, "assumed");

    p = imx6q();
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                     BDB_OK);
    tu_assert_close(e.energy_kwh_total, 236.682, 1e-10, "kWh, idle = load");
    assert_bits(e.assumed, BDB_EFF_ASSUMED_IDLE_AS_LOAD, "assumed");
    assert_bits(e.missing, 0, "missing (an assumption is not missing)");
    char buf[64];
    assert_string_equal(bdb_efficiency_missing_text(e.assumed, buf, sizeof buf),
                        "idle_power_w=power_w");

    o.utilization = 1;
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                     BDB_OK);
    assert_bits(e.assumed, 0, "assumed at full load");

    /* Utilization 0: the machine idles all the time, 3 W * 26298 h =
     * 78.894 kWh. */
    o.utilization = 0;
    p = platform(40, 9, 3, NAN);
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                     BDB_OK);
    tu_assert_close(e.energy_kwh_total, 78.894, 1e-10, "kWh all idle");
}

/* Baseline 1000 req/s, i.MX6Q 300 req/s: 1000 / 300 = 3.33 -> 4 boards,
 * together $160, 36 W, TCO 4 * 75.5023 = $302.0092. */
static void efficiency__match_300_against_1000_req_s__needs_four_boards(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_match m;
    assert_int_equal(
        bdb_efficiency_match(1000, 300, "op/s", 1, &p, NULL, &m), BDB_OK);
    tu_assert_close(m.ratio, 3.333333333333, 1e-11, "ratio");
    tu_assert_close(m.count, 4, 0, "count");
    tu_assert_close(m.price, 160, 1e-12, "price");
    tu_assert_close(m.power_w, 36, 1e-12, "power");
    tu_assert_close(m.tco, 302.0092, 1e-10, "tco");
    assert_nan(m.rent_month, "rent_month (owned)");
    assert_bits(m.missing, 0, "missing");
}

/* Exact and noisy ratios: 1000 / 250 = 4 exactly -> 4, not 5; 2.1 / 0.7 is
 * 3.0000000000000004 in doubles, a plain ceil() would say 4, the model says
 * 3; a platform faster than the baseline (2000 vs 1000) -> 1. */
static void efficiency__match_exact_and_noisy_ratios__buy_no_extra_machine(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_match m;
    assert_int_equal(
        bdb_efficiency_match(1000, 250, "op/s", 1, &p, NULL, &m), BDB_OK);
    tu_assert_close(m.count, 4, 0, "1000/250");

    volatile double a = 2.1, b = 0.7;
    assert_true(ceil(a / b) == 4); /* the trap is real on this machine */
    assert_int_equal(bdb_efficiency_match(a, b, "B/s", 1, &p, NULL, &m),
                     BDB_OK);
    tu_assert_close(m.count, 3, 0, "2.1/0.7");
    tu_assert_close(m.price, 120, 1e-12, "3 boards");

    assert_int_equal(
        bdb_efficiency_match(1000, 2000, "op/s", 1, &p, NULL, &m), BDB_OK);
    tu_assert_close(m.ratio, 0.5, 1e-12, "ratio");
    tu_assert_close(m.count, 1, 0, "faster than baseline");
}

/* Durations: the board takes 53.79 s per run, the baseline 20 s. N boards
 * finish N runs in 53.79 s; the baseline finishes 53.79 / 20 = 2.6895 in
 * that time, so 3 boards, $120, 27 W. (Inverting the ratio, 20/53.79 ->
 * 1 board, would be the bug this checks for.) */
static void efficiency__match_durations__divides_platform_time_by_baseline(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_match m;
    assert_int_equal(bdb_efficiency_match(20, 53.79, "s", -1, &p, NULL, &m),
                     BDB_OK);
    tu_assert_close(m.ratio, 2.6895, 1e-12, "ratio");
    tu_assert_close(m.count, 3, 0, "count");
    tu_assert_close(m.price, 120, 1e-12, "price");
    tu_assert_close(m.power_w, 27, 1e-12, "power");
}

/* Rented: 4 droplets at $5/month = $20/month, TCO 4 * 180 = $720; power
 * unknown -> power_w NaN and listed; price not listed (rented). */
static void efficiency__match_rented__totals_rent_and_lists_power(
    void **state)
{
    (void)state;
    bdb_platform p = digital_ocean();
    bdb_match m;
    assert_int_equal(
        bdb_efficiency_match(1000, 300, "op/s", 1, &p, NULL, &m), BDB_OK);
    tu_assert_close(m.count, 4, 0, "count");
    tu_assert_close(m.rent_month, 20, 1e-12, "rent_month");
    tu_assert_close(m.tco, 720, 1e-12, "tco");
    assert_nan(m.power_w, "power_w");
    assert_nan(m.price, "price");
    assert_bits(m.missing, BDB_EFF_MISSING_POWER, "missing");
}

/* Unusable inputs to match: a zero baseline, a negative value, a NaN
 * value: count and totals NaN, each with its own reason. */
static void efficiency__match_bad_values__are_nan_with_reason(void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_match m;
    assert_int_equal(bdb_efficiency_match(0, 300, "op/s", 1, &p, NULL, &m),
                     BDB_OK);
    assert_nan(m.count, "count, zero baseline");
    assert_nan(m.price, "price, zero baseline");
    assert_nan(m.tco, "tco, zero baseline");
    assert_bits(m.missing, BDB_EFF_BAD_BASELINE, "zero baseline");

    assert_int_equal(bdb_efficiency_match(1000, -3, "op/s", 1, &p, NULL, &m),
                     BDB_OK);
    assert_nan(m.count, "count, negative value");
    assert_bits(m.missing, BDB_EFF_BAD_VALUE, "negative value");

    assert_int_equal(bdb_efficiency_match(NAN, NAN, "s", -1, &p, NULL, &m),
                     BDB_OK);
    assert_nan(m.ratio, "ratio, NaN");
    assert_bits(m.missing, BDB_EFF_BAD_VALUE | BDB_EFF_BAD_BASELINE, "NaNs");

    /* power missing: count still 4, price $160, power and TCO NaN */
    p = platform(40, NAN, NAN, NAN);
    assert_int_equal(
        bdb_efficiency_match(1000, 300, "op/s", 1, &p, NULL, &m), BDB_OK);
    tu_assert_close(m.count, 4, 0, "count");
    tu_assert_close(m.price, 160, 1e-12, "price");
    assert_nan(m.power_w, "power_w");
    assert_nan(m.tco, "tco");
    assert_bits(m.missing, BDB_EFF_MISSING_POWER, "missing power");
}

/* Units without an efficiency, wrong directions, bad options and NULLs are
 * usage errors; *out is then all NaN rather than left with stale numbers. */
static void efficiency__unsupported_unit_or_bad_opts__is_usage_error(
    void **state)
{
    (void)state;
    bdb_platform p = imx6q();
    bdb_efficiency e;
    bdb_match m;
    static const struct {
        const char *unit;
        int better;
    } bad[] = {{"count", 1}, {"B", 1},    {"%", -1},    {NULL, 1},
               {"s", 1},     {"s", 0},    {"op/s", -1}, {"op/s", 0},
               {"MB/s", 1},  {"bit/s", -1}};
    for (size_t i = 0; i < N_OF(bad); i++) {
        assert_int_equal(bdb_efficiency_applies(bad[i].unit, bad[i].better),
                         0);
        e.per_watt = 1;
        assert_int_equal(bdb_efficiency_compute(5000, bad[i].unit,
                                                bad[i].better, &p, NULL, &e),
                         BDB_EUSAGE);
        assert_nan(e.per_watt, "per_watt after EUSAGE");
        assert_null(e.work_unit);
        m.count = 1;
        assert_int_equal(bdb_efficiency_match(1000, 300, bad[i].unit,
                                              bad[i].better, &p, NULL, &m),
                         BDB_EUSAGE);
        assert_nan(m.count, "count after EUSAGE");
    }
    assert_int_equal(bdb_efficiency_applies("op/s", 1), 1);
    assert_int_equal(bdb_efficiency_applies("B/s", 1), 1);
    assert_int_equal(bdb_efficiency_applies("bit/s", 1), 1);
    assert_int_equal(bdb_efficiency_applies("s", -1), 1);

    bdb_cost_opts o;
    const struct {
        double kwh, years, util;
    } opts[] = {{0.15, 3, 1.5}, {0.15, 3, -0.1}, {0.15, 0, 1},
                {-1, 3, 1},     {NAN, 3, 1},     {0.15, INFINITY, 1},
                {0.15, 3, NAN}};
    for (size_t i = 0; i < N_OF(opts); i++) {
        bdb_cost_opts_default(&o);
        o.kwh_price = opts[i].kwh;
        o.years = opts[i].years;
        o.utilization = opts[i].util;
        assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, &o, &e),
                         BDB_EUSAGE);
        assert_nan(e.tco, "tco after bad opts");
        assert_int_equal(
            bdb_efficiency_match(1000, 300, "op/s", 1, &p, &o, &m),
            BDB_EUSAGE);
    }
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, NULL, NULL, &e),
                     BDB_EUSAGE);
    assert_int_equal(bdb_efficiency_compute(5000, "op/s", 1, &p, NULL, NULL),
                     BDB_EUSAGE);
    assert_int_equal(
        bdb_efficiency_match(1000, 300, "op/s", 1, NULL, NULL, &m),
        BDB_EUSAGE);
    assert_int_equal(
        bdb_efficiency_match(1000, 300, "op/s", 1, &p, NULL, NULL),
        BDB_EUSAGE);
}

/* The list is in bit order, ", "-separated, truncated to the buffer and
 * always terminated; no bits give "". */
static void efficiency__missing_text__lists_names_in_order_and_truncates(
    void **state)
{
    (void)state;
    char buf[128];
    assert_string_equal(
        bdb_efficiency_missing_text(
            BDB_EFF_MISSING_POWER | BDB_EFF_MISSING_PRICE, buf, sizeof buf),
        "price_usd, power_w");
    assert_string_equal(bdb_efficiency_missing_text(0, buf, sizeof buf), "");
    assert_string_equal(
        bdb_efficiency_missing_text(BDB_EFF_BAD_VALUE | BDB_EFF_BAD_BASELINE |
                                        BDB_EFF_MISSING_RENT |
                                        BDB_EFF_ASSUMED_IDLE_AS_LOAD,
                                    buf, sizeof buf),
        "rent_usd_month, value, baseline_value, idle_power_w=power_w");
    assert_string_equal(bdb_efficiency_missing_text(0x80000000u, buf,
                                                    sizeof buf),
                        "");

    char small[8];
    memset(small, 'x', sizeof small);
    assert_string_equal(
        bdb_efficiency_missing_text(BDB_EFF_MISSING_PRICE |
                                        BDB_EFF_MISSING_POWER,
                                    small, sizeof small),
        "price_u");
    assert_string_equal(bdb_efficiency_missing_text(BDB_EFF_MISSING_PRICE,
                                                    NULL, 10),
                        "");
    small[0] = 'x';
    assert_string_equal(
        bdb_efficiency_missing_text(BDB_EFF_MISSING_PRICE, small, 0), "");
    assert_int_equal(small[0], 'x');
}

/* Per watt and per dollar mean something only for the run's throughput
 * and the duration of a whole run: redis-benchmark's latency_max (s,
 * lower is better, like time's real) was taken for the time of a run and
 * gave "248169 runs/h". */
static void efficiency__measures_work__throughputs_and_whole_runs_only(
    void **state)
{
    (void)state;
    static const struct {
        const char *metric, *unit;
        int better, want;
    } cases[] = {
        {"requests_per_sec", "op/s", 1, 1}, /* ab, redis-benchmark */
        {"throughput", "B/s", 1, 1},        /* dd, openssl speed */
        {"throughput", "bit/s", 1, 1},      /* iperf */
        {"iops", "op/s", 1, 1},             /* fio */
        {"bandwidth_mean", "B/s", 1, 1},    /* fio's mean of samples */
        {"real", "s", -1, 1},               /* time */
        {"elapsed", "s", -1, 1},            /* dd */
        {"latency_max", "s", -1, 0},        /* redis-benchmark 14.5 ms */
        {"latency_mean", "s", -1, 0},
        {"latency_p99", "s", -1, 0},
        {"clat_p99_9", "s", -1, 0},         /* fio */
        {"time_per_request_all", "s", -1, 0}, /* ab */
        {"sign_time", "s", -1, 0},          /* openssl: one operation */
        {"user", "s", -1, 0},               /* time: CPU, not the run */
        {"iops_max", "op/s", 1, 0},         /* fio's extremes of samples */
        {"interval_throughput_min", "bit/s", 1, 0},
        {"bandwidth_stdev", "B/s", 1, 0},
        {"requests_per_sec_thread_mean", "op/s", 1, 0},
        {"failed_requests", "count", 0, 0},
        {"real", "s", 0, 0},                /* neutral: not a result */
        {"real", "count", -1, 0},
        {NULL, "op/s", 1, 0},
        {"requests_per_sec", NULL, 1, 0},
    };
    for (size_t i = 0; i < N_OF(cases); i++)
        if (bdb_efficiency_measures_work(cases[i].metric, cases[i].unit,
                                         cases[i].better) != cases[i].want)
            fail_msg("%s %s %d: want %d", cases[i].metric ? cases[i].metric
                                                          : "(null)",
                     cases[i].unit ? cases[i].unit : "(null)",
                     cases[i].better, cases[i].want);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(
            efficiency__default_opts__are_15_cents_usd_3_years_full_load),
        cmocka_unit_test(
            efficiency__nine_watt_board__per_watt_matches_hand_value),
        cmocka_unit_test(
            efficiency__thirty_watt_atom__tco_includes_three_years_of_power),
        cmocka_unit_test(
            efficiency__other_kwh_price_and_years__scale_energy_cost),
        cmocka_unit_test(
            efficiency__hundred_megabit_link__moves_32_87_tb_per_month),
        cmocka_unit_test(
            efficiency__digital_ocean_rent__tco_is_180_over_three_years),
        cmocka_unit_test(
            efficiency__rented_with_known_power__rent_includes_energy),
        cmocka_unit_test(
            efficiency__missing_power__gives_nan_and_flag_never_zero_or_inf),
        cmocka_unit_test(
            efficiency__no_price_and_no_rent__lists_both_cost_inputs),
        cmocka_unit_test(efficiency__zero_throughput__is_nan_with_reason),
        cmocka_unit_test(
            efficiency__bc_pi_in_53_79_s_at_35_w__costs_1882_65_j_per_run),
        cmocka_unit_test(
            efficiency__quarter_utilization__draws_idle_power_the_rest),
        cmocka_unit_test(
            efficiency__match_300_against_1000_req_s__needs_four_boards),
        cmocka_unit_test(
            efficiency__match_exact_and_noisy_ratios__buy_no_extra_machine),
        cmocka_unit_test(
            efficiency__match_durations__divides_platform_time_by_baseline),
        cmocka_unit_test(
            efficiency__match_rented__totals_rent_and_lists_power),
        cmocka_unit_test(efficiency__match_bad_values__are_nan_with_reason),
        cmocka_unit_test(
            efficiency__unsupported_unit_or_bad_opts__is_usage_error),
        cmocka_unit_test(
            efficiency__missing_text__lists_names_in_order_and_truncates),
        cmocka_unit_test(
            efficiency__measures_work__throughputs_and_whole_runs_only),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
