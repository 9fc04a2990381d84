/* direct.c: DDS called directly, as the comparison's baseline (issue 16
 * §5): reads the deals of DDS's own test list (the "PBN" lines of
 * dds_list100.txt), sets DDS's threads, and solves every deal's table
 * with CalcAllTablesPBN, 40 deals a call, as traveler's scoring/dds does;
 * it prints the seconds each round of the whole list took, and a checksum
 * of the tricks so that both sides can be seen to solve the same. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <dds/dll.h>

static double now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
	if (argc < 4) {
		fprintf(stderr, "usage: direct LIST THREADS ROUNDS\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "r");
	if (!f) {
		perror(argv[1]);
		return 1;
	}
	int threads = atoi(argv[2]), rounds = atoi(argv[3]);
	static char deals[1000][80];
	int n = 0;
	char line[512];
	while (fgets(line, sizeof line, f) && n < 1000) {
		if (strncmp(line, "PBN ", 4) != 0)
			continue;
		char *q = strchr(line, '"'), *e = q ? strchr(q + 1, '"') : NULL;
		if (!q || !e || e - q - 1 >= 80)
			continue;
		memcpy(deals[n], q + 1, e - q - 1);
		deals[n][e - q - 1] = 0;
		n++;
	}
	fclose(f);
	SetResources(0, threads);
	static struct ddTableDealsPBN in;
	static struct ddTablesRes res;
	static struct allParResults par;
	int filter[5] = {0, 0, 0, 0, 0};
	for (int r = 0; r < rounds; r++) {
		long sum = 0;
		double t0 = now();
		for (int start = 0; start < n; start += MAXNOOFTABLES) {
			int k = n - start < MAXNOOFTABLES ? n - start : MAXNOOFTABLES;
			in.noOfTables = k;
			for (int i = 0; i < k; i++)
				strcpy(in.deals[i].cards, deals[start + i]);
			int code = CalcAllTablesPBN(&in, -1, filter, &res, &par);
			if (code != RETURN_NO_FAULT) {
				fprintf(stderr, "CalcAllTablesPBN: %d\n", code);
				return 1;
			}
			for (int i = 0; i < k; i++)
				for (int s = 0; s < 5; s++)
					for (int h = 0; h < 4; h++)
						sum += res.results[i].resTable[s][h] * (s * 4 + h + 1);
		}
		printf("direct %d deals %.3f s checksum %ld\n", n, now() - t0, sum);
	}
	return 0;
}
